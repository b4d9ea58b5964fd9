import type { ProfileSex, UserRole } from '@recipehub/openapi/enums';
import type { Profile } from '../users/profile.entity.js';
import type { User } from '../users/user.entity.js';

/** A user as the API shows it (the contract's `User` schema): never the hash, never the id. */
export interface UserData {
  email: string;
  firstName: string;
  lastName: string;
  handle: string;
  mobile: string | null;
  role: UserRole;
  profile: {
    image: string | null;
    age: number | null;
    portfolio: string | null;
    sex: ProfileSex;
    bio: string;
    facebook: string | null;
  };
}

export function toUserData(user: User, profile: Profile | null): UserData {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    handle: user.handle,
    mobile: user.mobile ?? null,
    role: user.role,
    profile: {
      image: profile?.image ?? null,
      age: profile?.age ?? null,
      // Stored as '' when not given; the contract says null (an empty string is not a URL).
      portfolio: profile?.portfolio || null,
      sex: profile?.sex ?? '',
      bio: profile?.bio ?? '',
      facebook: profile?.facebook || null,
    },
  };
}
