/**
 * `npm run create-admin -w server [-- --email someone@example.com]`: creates a verified Admin, or
 * promotes an existing account to Admin, on the database named by DATABASE_URL.
 *
 * The password is only ever read from the terminal with echo off (or from piped stdin, one line
 * per answer, for automation) — never from argv or the environment, where it would end up in shell
 * history and process listings.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@recipehub/openapi/limits';
import { loadConfig } from '../config/config.js';
import { openAppDatabase } from '../app-database.js';
import { hashPassword } from '../modules/users/password.js';
import { Profile } from '../modules/users/profile.entity.js';
import { normaliseEmail, User } from '../modules/users/user.entity.js';
import { describeDatabase } from './database-label.js';
import { runCommand } from './run-command.js';

/** Terminal output that can be muted while a password is typed. */
class MutableOutput extends Writable {
  muted = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (!this.muted) process.stdout.write(chunk);
    done();
  }
}

type Ask = (question: string, options?: { secret?: boolean }) => Promise<string>;

/** Questions on a terminal, echo off for secrets. */
function terminalPrompter(): { ask: Ask; close: () => void } {
  const output = new MutableOutput();
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask: Ask = async (question, options) => {
    if (!options?.secret) return (await rl.question(question)).trim();
    process.stdout.write(question);
    output.muted = true;
    try {
      return await rl.question('');
    } finally {
      output.muted = false;
      process.stdout.write('\n');
    }
  };
  return { ask, close: () => rl.close() };
}

/** Piped stdin: all lines are read first (readline drops lines that arrive before a question). */
async function pipedPrompter(): Promise<{ ask: Ask; close: () => void }> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
  const ask: Ask = async (question, options) => {
    process.stdout.write(options?.secret ? `${question}(read from stdin)\n` : question);
    const answer = lines.shift() ?? '';
    if (!options?.secret) process.stdout.write(`${answer}\n`);
    return options?.secret ? answer : answer.trim();
  };
  return { ask, close: () => undefined };
}

function parseEmailArgument(args: string[]): string | undefined {
  const index = args.indexOf('--email');
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith('--email='))?.slice('--email='.length);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.some((arg) => arg.startsWith('--password'))) {
    console.error(
      'create-admin: the password is never taken from arguments; you will be asked for it.',
    );
    return 2;
  }
  const config = loadConfig(process.env);
  const prompter = process.stdin.isTTY ? terminalPrompter() : await pipedPrompter();
  const { ask } = prompter;
  const database = await openAppDatabase(config.database, { migrate: true });
  const orm = database.orm;
  try {
    console.log(`create-admin: using ${describeDatabase(config.database)}`);
    const email = normaliseEmail(parseEmailArgument(args) ?? (await ask('Email: ')));
    if (!z.email().safeParse(email).success) {
      console.error(`create-admin: "${email}" is not an email address.`);
      return 1;
    }

    const em = orm.em.fork();
    const existing = await em.findOne(User, { email });
    if (existing) {
      if (existing.role === 'Admin' && existing.emailVerifiedAt) {
        console.log(`create-admin: ${email} is already an Admin; nothing changed.`);
        return 0;
      }
      existing.role = 'Admin';
      // An operator with database access vouches for the address.
      existing.emailVerifiedAt ??= new Date();
      await em.flush();
      console.log(`create-admin: ${email} is now an Admin (password unchanged).`);
      return 0;
    }

    const firstName = await ask('First name: ');
    const lastName = await ask('Last name: ');
    if (!firstName || !lastName) {
      console.error('create-admin: first and last name are required.');
      return 1;
    }
    const password = await ask('Password: ', { secret: true });
    if (password.length < MIN_PASSWORD_LENGTH) {
      console.error(
        `create-admin: the password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
      );
      return 1;
    }
    const repeated = await ask('Repeat password: ', { secret: true });
    if (repeated !== password) {
      console.error('create-admin: the passwords do not match.');
      return 1;
    }

    const passwordHash = await hashPassword(password);
    await em.transactional(async (tx) => {
      const user = tx.create(User, {
        email,
        firstName,
        lastName,
        mobile: null,
        passwordHash,
        role: 'Admin',
        emailVerifiedAt: new Date(),
      });
      tx.create(Profile, { user, image: null, age: null });
    });
    console.log(`create-admin: created Admin ${email}.`);
    return 0;
  } finally {
    prompter.close();
    await database.close();
  }
}

runCommand('create-admin', main);
