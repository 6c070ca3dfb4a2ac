import { randomBytes } from 'node:crypto';
import { emailRule, firstNameRule, lastNameRule, usernameRule } from '../../domain/accounts/rules.ts';
import type { AppContext } from '../context.ts';
import { profiles, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashPassword } from './passwords.ts';
import { findUserByUsername } from './service.ts';

export interface NewSuperAdministrator {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** A password nobody chose: 96 random bits that meet the password rule (20 characters). */
export function randomPassword(): string {
  return `Sa#${randomBytes(12).toString('base64url')}1`;
}

/**
 * Creates a super administrator with a random password, for a production database that has no
 * accounts yet (`npm run create-admin`; demo data is never the way in). The account's details
 * follow the registration rules; the password is returned once, for the operator to change after
 * signing in.
 */
export async function createSuperAdministrator(
  ctx: AppContext,
  input: NewSuperAdministrator,
): Promise<{ id: number; password: string }> {
  const fields = {
    username: usernameRule(input.username),
    email: emailRule(input.email),
    first_name: firstNameRule(input.first_name),
    last_name: lastNameRule(input.last_name),
  };
  const errors = Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v ? [[k, [v]]] : [])));
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  if (await findUserByUsername(ctx.db, input.username)) {
    throw AppError.validation({ username: ['A user with that username already exists.'] });
  }
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const id = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        role: 'admin',
        adminLevel: 'SUPER',
        isSuperuser: true,
        passwordChangedAt: ctx.now(),
        createdAt: ctx.now(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('createSuperAdministrator: insert returned nothing');
    await tx.insert(profiles).values({ userId: user.id, acceptTermsAndConditions: true });
    return user.id;
  });
  return { id, password };
}
