import { describe, expect, it } from 'vitest';
import { USER_ROLES } from '../../openapi/src/enums';
import {
  ROLE_FILTERS,
  filterUsers,
  previewText,
  userPageHref,
} from '../../web/src/features/admin/user-filters';

const users = [
  { firstName: 'Nusrat', lastName: 'Jahan', email: 'nusrat.jahan@recipehub.local', role: 'Chef' },
  { firstName: 'Sadia', lastName: 'Islam', email: 'sadia.islam@recipehub.local', role: 'User' },
  { firstName: 'Demo', lastName: 'Admin', email: 'admin@recipehub.local', role: 'Admin' },
];

describe('admin users filter', () => {
  it("offers All and each of the contract's roles, in its order", () => {
    expect(ROLE_FILTERS).toEqual(['All', ...USER_ROLES]);
  });

  it('keeps everyone for All and an empty search', () => {
    expect(filterUsers(users, 'All', '  ')).toEqual(users);
  });

  it('filters by role', () => {
    expect(filterUsers(users, 'Chef', '').map((u) => u.firstName)).toEqual(['Nusrat']);
  });

  it('searches first name, last name and email, ignoring case', () => {
    expect(filterUsers(users, 'All', 'ISLAM').map((u) => u.firstName)).toEqual(['Sadia']);
    expect(filterUsers(users, 'All', 'nusrat.j').map((u) => u.firstName)).toEqual(['Nusrat']);
    expect(filterUsers(users, 'All', 'demo').map((u) => u.firstName)).toEqual(['Demo']);
    expect(filterUsers(users, 'User', 'nusrat')).toEqual([]);
  });
});

describe('instructions preview', () => {
  it('keeps text of up to 100 characters as is', () => {
    const text = 'a'.repeat(100);
    expect(previewText(text)).toBe(text);
  });

  it('cuts longer text to 100 characters and adds an ellipsis', () => {
    expect(previewText(`${'a'.repeat(100)}bcd`)).toBe(`${'a'.repeat(100)}…`);
    expect(previewText(`${'a'.repeat(99)} tail`)).toBe(`${'a'.repeat(99)}…`);
  });

  it('never splits a character made of two code units', () => {
    expect(previewText('🍛'.repeat(101))).toBe(`${'🍛'.repeat(100)}…`);
  });
});

describe('user page address', () => {
  it('encodes the email', () => {
    expect(userPageHref('a+b@x.io')).toBe('/dashboard/users/a%2Bb%40x.io');
  });
});
