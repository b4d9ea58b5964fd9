import { REACTION_TYPES, type ProfileSex, type UserRole } from '@recipehub/openapi/enums';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { isDatabaseEmpty } from './database-empty.js';
import { Category } from '../modules/recipes/data/category.entity.js';
import { Comment } from '../modules/comments/comment.entity.js';
import { Reaction } from '../modules/reactions/reaction.entity.js';
import { refreshRecipeCounters } from '../modules/recipes/data/recipe.repository.js';
import { Recipe } from '../modules/recipes/data/recipe.entity.js';
import {
  drawDemoPhotos,
  removeDemoPhotos,
  type DemoPhoto,
  type DemoPhotoTarget,
} from './demo-photos.js';
import { Review } from '../modules/reviews/review.entity.js';
import { Save } from '../modules/saves/save.entity.js';
import { hashPassword } from '../modules/users/password.js';
import { mulberry32 } from './mulberry32.js';
import { randomPassword } from './random-password.js';
import { Profile } from '../modules/users/profile.entity.js';
import { normaliseEmail, User } from '../modules/users/user.entity.js';
import { handleBase } from '../modules/users/handle.js';
import { DEMO_CATEGORIES, DEMO_RECIPES, DEMO_SERVINGS } from './demo-recipes.js';

/**
 * In demo mode every demo chef and user signs in with this published password (server/README.md);
 * otherwise each gets a random one (see seed-credentials.ts). The admin's comes from there too.
 */
export const DEMO_USER_PASSWORD = 'recipehub-demo';

export interface SeedOptions {
  admin: { email: string; password: string };
  /** The demo chefs' and users' password; without it each gets its own random one nobody knows. */
  peoplePassword?: string;
  /** Dates are spread over the months before this instant; tests pin it. */
  now?: Date;
  /** Where to store a drawn photo for every recipe; without it the recipes have no image. */
  photos?: DemoPhotoTarget;
}

export interface SeedSummary {
  users: number;
  categories: number;
  recipes: number;
  reactions: number;
  saves: number;
  reviews: number;
  comments: number;
}

interface DemoPerson {
  firstName: string;
  lastName: string;
  role: UserRole;
  mobile: string;
  sex: ProfileSex;
  age: number;
  bio: string;
}

const DEMO_PEOPLE: DemoPerson[] = [
  {
    firstName: 'Nusrat',
    lastName: 'Jahan',
    role: 'Chef',
    mobile: '+8801711000001',
    sex: 'Female',
    age: 34,
    bio: 'Home chef from Old Dhaka; biryani and kacchi every Friday.',
  },
  {
    firstName: 'Tanvir',
    lastName: 'Ahmed',
    role: 'Chef',
    mobile: '+8801711000002',
    sex: 'Male',
    age: 41,
    bio: 'Chittagong born, mezbani raised. I cook beef low and slow.',
  },
  {
    firstName: 'Farhana',
    lastName: 'Rahman',
    role: 'Chef',
    mobile: '+8801711000003',
    sex: 'Female',
    age: 29,
    bio: 'Pastry cook turned mishti lover. Desserts and drinks.',
  },
  {
    firstName: 'Imran',
    lastName: 'Hossain',
    role: 'Chef',
    mobile: '+8801711000004',
    sex: 'Male',
    age: 37,
    bio: 'Weeknight curries and breakfast ideas for busy families.',
  },
  {
    firstName: 'Sadia',
    lastName: 'Islam',
    role: 'User',
    mobile: '+8801811000005',
    sex: 'Female',
    age: 26,
    bio: 'Learning to cook one khichuri at a time.',
  },
  {
    firstName: 'Rakib',
    lastName: 'Hasan',
    role: 'User',
    mobile: '+8801811000006',
    sex: 'Male',
    age: 31,
    bio: '',
  },
  {
    firstName: 'Maliha',
    lastName: 'Chowdhury',
    role: 'User',
    mobile: '+8801911000007',
    sex: 'Female',
    age: 23,
    bio: 'Sweet tooth. Will review every dessert.',
  },
  {
    firstName: 'Arif',
    lastName: 'Khan',
    role: 'User',
    mobile: '+8801911000008',
    sex: 'Male',
    age: 45,
    bio: '',
  },
];

const COMMENTS = [
  'Made this last weekend, the whole family loved it!',
  'Can I use basmati instead of chinigura?',
  'Reminds me of my grandmother’s kitchen.',
  'Less chilli next time for the kids, otherwise perfect.',
  'The step-by-step instructions made it easy.',
  'Tried it with ghee instead of oil, highly recommend.',
  'How long can I keep the leftovers?',
  'Perfect for a rainy day.',
];

const REVIEW_BODIES = [
  'Absolutely delicious, will cook again.',
  'Good, but it needed more salt for my taste.',
  'Took longer than expected but worth it.',
  'Authentic taste, just like home.',
  null,
  'Too spicy for me, the method is great though.',
  'Simple and tasty.',
  null,
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Fills an EMPTY database with the demo data: the admin, four chefs, four users, the ten
 * categories and the recipes with reactions (all four types), saves, comments and reviews.
 * Everything is written in one transaction, so a failure leaves the database empty.
 * Throws when the database already holds data (the CLI decides about --force).
 */
export async function seedDemoData(orm: MikroORM, options: SeedOptions): Promise<SeedSummary> {
  if (!(await isDatabaseEmpty(orm))) {
    throw new Error('The database is not empty; refusing to add demo data to it.');
  }
  const now = options.now ?? new Date();
  const random = mulberry32(20250101);

  // Hashing is the slow part (~40 ms each); do it before the transaction and in parallel.
  const [adminHash, ...peopleHashes] = await Promise.all([
    hashPassword(options.admin.password),
    ...DEMO_PEOPLE.map(() => hashPassword(options.peoplePassword ?? randomPassword())),
  ]);

  // Drawn and encoded before the transaction too, so it stays short; removed if the seed fails.
  const photos = options.photos ? await drawDemoPhotos(options.photos) : [];
  try {
    return await fillDatabase(orm, options, now, random, [adminHash, ...peopleHashes], photos);
  } catch (error) {
    if (options.photos) await removeDemoPhotos(options.photos.mediaDir, photos).catch(() => {});
    throw error;
  }
}

function fillDatabase(
  orm: MikroORM,
  options: SeedOptions,
  now: Date,
  random: () => number,
  [adminHash, ...peopleHashes]: string[],
  photos: DemoPhoto[],
): Promise<SeedSummary> {
  return orm.em.fork().transactional(async (em: EntityManager) => {
    const verifiedAt = new Date(now.getTime() - 200 * DAY);
    const admin = em.create(User, {
      email: normaliseEmail(options.admin.email),
      firstName: 'Demo',
      lastName: 'Admin',
      handle: 'demo-admin',
      mobile: null,
      passwordHash: adminHash as string,
      role: 'Admin',
      emailVerifiedAt: verifiedAt,
      createdAt: verifiedAt,
    });
    em.create(Profile, { user: admin, bio: 'I look after RecipeHub.', age: null, image: null });

    const people = DEMO_PEOPLE.map((person, index) => {
      const createdAt = new Date(now.getTime() - (190 - index * 5) * DAY);
      const user = em.create(User, {
        email: `${person.firstName}.${person.lastName}@recipehub.local`.toLowerCase(),
        firstName: person.firstName,
        lastName: person.lastName,
        // Demo names are distinct: each member's handle is the plain one registration would give.
        handle: handleBase(person.firstName, person.lastName),
        mobile: person.mobile,
        passwordHash: peopleHashes[index] as string,
        role: person.role,
        emailVerifiedAt: createdAt,
        createdAt,
      });
      em.create(Profile, {
        user,
        image: null,
        age: person.age,
        sex: person.sex,
        bio: person.bio,
        portfolio:
          person.role === 'Chef'
            ? `https://recipehub.local/chefs/${person.firstName.toLowerCase()}`
            : '',
        facebook: `https://facebook.com/${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}`,
      });
      return user;
    });
    const chefs = people.filter((_, index) => DEMO_PEOPLE[index]?.role === 'Chef');
    const everyone = [admin, ...people];

    const categories = new Map(
      DEMO_CATEGORIES.map((name) => [name, em.create(Category, { name })]),
    );

    // Newest recipe first in the list: recipe i is about 5 days older than recipe i-1, over ~6 months.
    const recipes = DEMO_RECIPES.map((demo, index) => {
      const createdAt = new Date(
        now.getTime() - index * 5 * DAY - Math.floor(random() * 20) * HOUR - HOUR,
      );
      const photo = photos[index];
      const recipe = em.create(Recipe, {
        title: demo.title,
        // A picture drawn for this dish (demo-photos.ts), stored like an upload.
        img: photo?.img ?? null,
        photoKey: photo?.photoKey ?? null,
        photoWidth: photo?.photoWidth ?? null,
        photoHeight: photo?.photoHeight ?? null,
        photoPlaceholder: photo?.photoPlaceholder ?? null,
        ingredients: demo.ingredients.join('\n'),
        instructions: demo.instructions.join('\n'),
        servings: DEMO_SERVINGS[demo.title] ?? null,
        // Every ninth recipe has lost its author, so the "Anonymous" case shows up in the demo.
        author: index % 9 === 8 ? null : (chefs[index % chefs.length] ?? admin),
        createdAt,
        updatedAt: createdAt,
      });
      for (const name of demo.categories) {
        const category = categories.get(name);
        if (category) recipe.categories.add(category);
      }
      return { recipe, createdAt };
    });

    const summary: SeedSummary = {
      users: everyone.length,
      categories: categories.size,
      recipes: recipes.length,
      reactions: 0,
      saves: 0,
      reviews: 0,
      comments: 0,
    };
    const after = (start: Date) =>
      new Date(
        Math.min(now.getTime() - HOUR, start.getTime() + Math.floor(random() * 96 + 1) * HOUR),
      );

    recipes.forEach(({ recipe, createdAt }, index) => {
      // Older recipes collect more reactions, so trending differs from newest.
      const reactors = everyone.filter(() => random() < 0.25 + (index / recipes.length) * 0.5);
      reactors.forEach((user, i) => {
        em.create(Reaction, {
          user,
          recipe,
          type: REACTION_TYPES[(index + i) % REACTION_TYPES.length] ?? 'LIKE',
          createdAt: after(createdAt),
        });
        summary.reactions++;
      });
      everyone
        .filter(() => random() < 0.3)
        .forEach((user) => {
          em.create(Save, { user, recipe, createdAt: after(createdAt) });
          summary.saves++;
        });
      everyone
        .filter(() => random() < 0.3)
        .forEach((user, i) => {
          const createdAtReview = after(createdAt);
          em.create(Review, {
            user,
            recipe,
            rating: 1 + ((index * 3 + i * 2 + 3) % 5),
            body: REVIEW_BODIES[(index + i) % REVIEW_BODIES.length] ?? null,
            createdAt: createdAtReview,
            updatedAt: createdAtReview,
          });
          summary.reviews++;
        });
      const commentCount = Math.floor(random() * 4);
      for (let i = 0; i < commentCount; i++) {
        const user = everyone[Math.floor(random() * everyone.length)] ?? admin;
        em.create(Comment, {
          user,
          recipe,
          content: COMMENTS[(index * 2 + i) % COMMENTS.length] ?? 'Looks great!',
          createdAt: after(createdAt),
        });
        summary.comments++;
      }
    });

    await em.flush();
    await refreshRecipeCounters(em);
    return summary;
  });
}
