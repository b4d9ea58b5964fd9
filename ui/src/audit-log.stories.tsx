import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AuditLog, NO_FILTERS, type AuditLogEntry } from './audit-log';

const ACTIONS = [
  'role_change',
  'recipe_delete',
  'hide',
  'restore',
  'delete',
  'dismiss',
  'suspend',
  'unsuspend',
  'trust',
];
const TARGET_TYPES = ['recipe', 'comment', 'review', 'user'];

const entries: AuditLogEntry[] = [
  {
    id: 3,
    actor: 'ada-admin',
    action: 'role_change',
    target_type: 'user',
    target_id: 'bob-cook',
    before: { role: 'User' },
    after: { role: 'Chef' },
    reason: 'Runs the baking column.',
    created: '2025-03-15T17:45:00Z',
  },
  {
    id: 2,
    actor: 'ada-admin',
    action: 'recipe_delete',
    target_type: 'recipe',
    target_id: '42',
    before: { title: 'Very spicy spam', author: 'spammer-1' },
    after: null,
    reason: null,
    created: '2025-03-14T09:30:00Z',
  },
];

const meta = {
  title: 'Screens/AuditLog',
  component: AuditLog,
  args: {
    state: 'ready',
    entries,
    filters: NO_FILTERS,
    onFiltersChange: fn(),
    actions: ACTIONS,
    targetTypes: TARGET_TYPES,
    page: 1,
    totalPages: 1,
    onPageChange: fn(),
  },
} satisfies Meta<typeof AuditLog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Entries: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Audit log' });
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expect(table).toHaveTextContent('role: User → role: Chef');
    await expect(table).toHaveTextContent('title: Very spicy spam, author: spammer-1 → —');
    await userEvent.selectOptions(canvas.getByLabelText('Action'), 'role_change');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(args.onFiltersChange).toHaveBeenCalledWith({
      ...NO_FILTERS,
      action: 'role_change',
    });
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing has been recorded yet.')).toBeVisible();
  },
};

export const Filtered: Story = {
  args: {
    entries: entries.slice(0, 1),
    filters: { ...NO_FILTERS, actor: 'ada-admin', action: 'role_change', from: '2025-03-01' },
    page: 2,
    totalPages: 3,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Actor (handle)')).toHaveValue('ada-admin');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onFiltersChange).toHaveBeenCalledWith(NO_FILTERS);
  },
};

export const FilteredNoMatches: Story = {
  args: { entries: [], filters: { ...NO_FILTERS, action: 'trust' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No entries match these filters.')).toBeVisible();
  },
};

export const FieldError: Story = {
  args: {
    entries: [],
    filters: { ...NO_FILTERS, actor: 'Not A Handle' },
    fieldErrors: { actor: 'Actor must be a member’s handle.' },
    state: 'error',
    errorMessage: 'Please fix the audit log’s filters.',
  },
};

export const LoadFailed: Story = {
  args: { state: 'error', entries: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('The audit log could not be loaded.'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: 'loading', entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading the audit log…')).toBeInTheDocument();
  },
};

export const MobileCards: Story = {
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: 'Audit log' })).toBeVisible();
  },
};
