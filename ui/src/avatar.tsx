import * as AvatarPrimitive from '@radix-ui/react-avatar';
import './avatar.css';

export type AvatarProps = {
  name: string;
  src?: string | null;
  size?: number;
};

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** A profile picture with the user's initials as fallback. */
export function Avatar({ name, src, size = 40 }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className="rh-avatar"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {src && <AvatarPrimitive.Image className="rh-avatar__image" src={src} alt={name} />}
      <AvatarPrimitive.Fallback>
        <span aria-hidden>{initials(name)}</span>
        <span className="rh-visually-hidden">{name}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

export const ROLES = ['Admin', 'Chef', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** The user's role; a missing or unknown role shows as User. */
export function RoleBadge({ role }: { role?: string | null }) {
  const shown: Role = ROLES.includes(role as Role) ? (role as Role) : 'User';
  return (
    <span className="rh-role-badge" data-role={shown}>
      {shown}
    </span>
  );
}
