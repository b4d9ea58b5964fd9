/*
 * The user-facing texts of the input rules: the schemas in schemas/ say them, the server answers
 * them and the web forms show them (spec section 5 word for word where it gives one). zod-free,
 * so a page can show a text without loading the schema library.
 */

/** The message shown above a form when its fields fail validation (spec section 5). */
export const GENERAL_VALIDATION_MESSAGE = 'Please fill in all required fields correctly';

export const NO_CATEGORY = 'Please select at least one category.';
export const BAD_IMAGE_URL = 'Please provide a valid image URL.';
export const BAD_SOURCE_URL = 'Please provide a valid source URL.';
export const BAD_SERVINGS = 'Servings must be a whole number from 1 to 100.';
export const BAD_RATING = 'Please select a rating between 1 and 5 stars.';
export const COMMENT_EMPTY = 'Comment cannot be empty.';
export const PHOTO_NOT_FOUND = 'That photo was not found. Please upload it again.';
export const NEED_URL = 'Please give the link of a recipe page.';
export const INVALID_CODE = 'Invalid or expired code.';
export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to set a new one.';
export const PROFILE_IMAGE_TYPE_ERROR = 'Upload a JPEG, PNG, WebP or GIF image.';
export const PROFILE_IMAGE_TOO_LARGE = 'The image must be at most 5 MB.';
