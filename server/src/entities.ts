import { User } from './modules/users/user.entity.js';
import { Profile } from './modules/users/profile.entity.js';
import { Category } from './modules/recipes/data/category.entity.js';
import { Recipe } from './modules/recipes/data/recipe.entity.js';
import { RecipeCategory } from './modules/recipes/data/recipe-category.entity.js';
import { RecipeTotal } from './modules/recipes/data/recipe-total.entity.js';
import { RecipeListBlock } from './modules/recipes/data/recipe-list-block.entity.js';
import { CategorySet } from './modules/recipes/data/category-set.entity.js';
import { CategorySetMember } from './modules/recipes/data/category-set-member.entity.js';
import { Reaction } from './modules/reactions/reaction.entity.js';
import { Save } from './modules/saves/save.entity.js';
import { Review } from './modules/reviews/review.entity.js';
import { Comment } from './modules/comments/comment.entity.js';
import { ContactMessage } from './modules/contact/contact-message.entity.js';
import { Customer } from './modules/customers/customer.entity.js';
import { Product } from './modules/products/product.entity.js';
import { Session } from './auth/session.entity.js';
import { DeviceToken } from './auth/device-token.entity.js';
import { EmailVerification } from './modules/accounts/email-verification.entity.js';
import { OneTimeCode } from './modules/accounts/one-time-code.entity.js';
import { SendThrottle } from './modules/accounts/send-throttle.entity.js';
import { MailRequest } from './modules/accounts/mail-request.entity.js';
import { OutboxMail } from './mail/outbox-mail.entity.js';
import { Report } from './modules/reports/report.entity.js';
import { AuditEntry } from './modules/audit/audit-entry.entity.js';
import { MemberBlock } from './modules/accounts/member-block.entity.js';
import { PhotoUpload } from './modules/recipe-photos/photo-upload.entity.js';

/**
 * Every entity, listed explicitly: no folder scanning at boot (it behaves differently under tsx,
 * vitest and compiled JS), and a new entity is a visible one-line change here.
 */
export const entities = [
  User,
  Profile,
  Category,
  Recipe,
  PhotoUpload,
  RecipeCategory,
  RecipeTotal,
  RecipeListBlock,
  CategorySet,
  CategorySetMember,
  Reaction,
  Save,
  Review,
  Comment,
  Report,
  AuditEntry,
  MemberBlock,
  ContactMessage,
  Customer,
  Product,
  Session,
  DeviceToken,
  EmailVerification,
  OneTimeCode,
  SendThrottle,
  MailRequest,
  OutboxMail,
];
