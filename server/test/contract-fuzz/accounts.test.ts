import { defineContractFuzz } from './support/run-contract-fuzz.js';

// The account family: registration, verification, login, password reset, profiles, user admin,
// a member's blocks.
// Argon2 makes register, login and the password calls the slow part of the fuzz run.
defineContractFuzz('accounts', [
  'registerAccount',
  'verifyEmail',
  'resendVerification',
  'resendVerificationAlias',
  'login',
  'logout',
  'sendPasswordResetCode',
  'verifyPasswordResetCode',
  'resetPassword',
  'getOwnProfile',
  'updateOwnProfile',
  'listUsers',
  'getUserProfile',
  'updateUserRole',
  'listBlocks',
  'blockMember',
  'unblockMember',
]);
