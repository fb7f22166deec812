// The account forms' rules and messages (spec §5), with zod/mini to keep bundles small.
import { z } from 'zod/mini';
import { isProfilePhone, PHONE_INVALID } from '@/lib/phone';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = () => z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(EMAIL, 'Please enter a valid email address.'));

// The password rules below are the server's (server/src/domain/account.rs) exactly: both
// sides run the examples of password-examples.json. Like the server, they count
// characters (code points), not UTF-16 units: an emoji is one character. zod's
// minLength and maxLength count that way too.

/** Longest password any form takes (the server's PASSWORD_MAX_CHARS). */
const PASSWORD_MAX_CHARS = 128;
const notTooLong = () => z.maxLength(PASSWORD_MAX_CHARS, 'Password cannot exceed 128 characters');

export const loginSchema = z.object({
  emailAddress: email(),
  password: z.string().check(z.minLength(1, 'Password is required'), z.minLength(6, 'Password must be at least 6 characters.'), notTooLong()),
});
export type LoginForm = z.infer<typeof loginSchema>;

/** Letters, digits and @$!%?&, with a lowercase letter, an uppercase letter and a digit. */
const SIGNUP_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d@$!%?&]+$/;

/** A new account's password, with the server's messages: the sign-up form's, and the
 * console's for one joining the staff from an invitation (the server's rule for both). */
export const signupPassword = () =>
  z.string().check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(40, 'Password cannot exceed 40 characters'),
    z.regex(SIGNUP_PASSWORD, 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long'),
  );

export const signupSchema = z
  .object({
    emailAddress: email(),
    password: signupPassword(),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  );
export type SignupForm = z.infer<typeof signupSchema>;

export const OTP_LENGTH = 6;
/** Verify is enabled from this many characters (spec §5, §9). */
export const OTP_ENABLE_AT = 4;
export const otpSchema = z.object({
  otp: z.string().check(z.length(OTP_LENGTH, 'Please enter a valid OTP.')),
});

export const forgotPasswordSchema = z.object({ emailAddress: email() });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const profileSchema = z.object({
  fullName: z.string().check(z.trim(), z.minLength(1, 'Full Name is required')),
  phoneNumber: z.string().check(
    z.trim(),
    z.minLength(1, 'Phone number is required'),
    z.refine((value) => value === '' || isProfilePhone(value), PHONE_INVALID),
  ),
});
export type ProfileForm = z.infer<typeof profileSchema>;

/** Profile settings: the name must not be blank; the phone, if given, must pass. */
export const profileSettingsSchema = z.object({
  fullName: z.string().check(z.trim(), z.minLength(1, 'Full name is required')),
  phoneNumber: z.string().check(z.trim(), z.refine((value) => value === '' || isProfilePhone(value), PHONE_INVALID)),
});
export type ProfileSettingsForm = z.infer<typeof profileSettingsSchema>;

/** The five live rules of a new password (spec §5), in display order, judged as the
 * server judges them: letters of any alphabet count as upper- or lowercase (É, é), only
 * 0-9 count as numbers, and a special character is anything but a letter, a number or
 * white space (so a trailing space is not one; € and emoji are). */
export const NEW_PASSWORD_RULES: { message: string; holds: (password: string) => boolean }[] = [
  { message: 'Must be at least 8 characters', holds: (p) => [...p].length >= 8 },
  { message: 'Must contain at least one uppercase letter', holds: (p) => /\p{Uppercase}/u.test(p) },
  { message: 'Must contain at least one lowercase letter', holds: (p) => /\p{Lowercase}/u.test(p) },
  { message: 'Must contain at least one number', holds: (p) => /[0-9]/.test(p) },
  { message: 'Must contain one special character', holds: (p) => /[^\p{Alphabetic}\p{Number}\p{White_Space}]/u.test(p) },
];

export const newPasswordSchema = z
  .object({
    // The maximum is no checklist rule (spec §5 lists five, and nobody types 129
    // characters by accident); like the server, it is checked after them.
    password: z.string().check(...NEW_PASSWORD_RULES.map((rule) => z.refine<string>((p) => rule.holds(p), rule.message)), notTooLong()),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  );
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

/** Profile pictures (spec §5): JPEG, PNG, GIF or WebP, at most 5 MB. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen profile picture is refused, or null. */
export function profileImageProblem(file: File): string | null {
  if (!PROFILE_IMAGE_TYPES.includes(file.type)) return 'Please select a valid image file (JPEG, PNG, GIF, or WebP)';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'File size must be less than 5.0MB';
  return null;
}
