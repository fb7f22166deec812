import {
  loginSchema,
  NEW_PASSWORD_RULES,
  newPasswordSchema,
  otpSchema,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageProblem,
  profileSchema,
  profileSettingsSchema,
  signupSchema,
} from './schemas';
import { isProfilePhone, PHONE_INVALID } from '@/lib/phone';

interface Parsable {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The message each field shows: its FIRST issue, as the form (zodResolver, firstError) does. */
function messages(schema: Parsable, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

const SIGNUP_RULE = 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long';

describe('loginSchema (spec §5 Login)', () => {
  it('asks for both fields when blank', () => {
    expect(messages(loginSchema, { emailAddress: '', password: '' })).toEqual({
      emailAddress: 'Email is required',
      password: 'Password is required',
    });
  });

  it('treats an e-mail of spaces as missing', () => {
    expect(messages(loginSchema, { emailAddress: '   ', password: 'secret1' })).toEqual({ emailAddress: 'Email is required' });
  });

  it('refuses a malformed e-mail and a short password', () => {
    expect(messages(loginSchema, { emailAddress: 'ada@example', password: '12345' })).toEqual({
      emailAddress: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters.',
    });
    expect(messages(loginSchema, { emailAddress: 'ada example.com', password: '123456' })).toEqual({ emailAddress: 'Please enter a valid email address.' });
  });

  it('accepts a valid e-mail with a 6-character password, trimming the e-mail', () => {
    const result = loginSchema.safeParse({ emailAddress: '  ada@example.com ', password: '123456' });
    expect(result.success).toBe(true);
    expect(result.data?.emailAddress).toBe('ada@example.com');
  });
});

describe('signupSchema (spec §5 Signup)', () => {
  const valid = { emailAddress: 'ada@example.com', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' };

  it('asks for every field when blank', () => {
    expect(messages(signupSchema, { emailAddress: '', password: '', confirmPassword: '' })).toEqual({
      emailAddress: 'Email is required',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('refuses a malformed e-mail', () => {
    expect(messages(signupSchema, { ...valid, emailAddress: 'not-an-email' })).toEqual({ emailAddress: 'Please enter a valid email address.' });
  });

  it('needs 8 to 40 characters', () => {
    expect(messages(signupSchema, { ...valid, password: 'Abcde1!', confirmPassword: 'Abcde1!' })).toEqual({ password: 'Password must be at least 8 characters' });
    const forty = 'Aa1' + 'b'.repeat(37);
    expect(forty).toHaveLength(40);
    expect(signupSchema.safeParse({ ...valid, password: forty, confirmPassword: forty }).success).toBe(true);
    const fortyOne = forty + 'c';
    expect(messages(signupSchema, { ...valid, password: fortyOne, confirmPassword: fortyOne })).toEqual({ password: 'Password cannot exceed 40 characters' });
  });

  it.each([
    ['no uppercase letter', 'abcdefg1'],
    ['no lowercase letter', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['a character outside letters, digits and @$!%?&', 'Abcdefg1#'],
    ['a space', 'Abcd efg1'],
  ])('refuses a password with %s', (_, password) => {
    expect(messages(signupSchema, { ...valid, password, confirmPassword: password })).toEqual({ password: SIGNUP_RULE });
  });

  it.each(['Abcdefg1', 'Abc@$!%?&1', 'ZZZZzzzz9'])('accepts %s', (password) => {
    expect(signupSchema.safeParse({ ...valid, password, confirmPassword: password }).success).toBe(true);
  });

  it("says the passwords don't match", () => {
    expect(messages(signupSchema, { ...valid, confirmPassword: 'Abcdefg2' })).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe('otpSchema (spec §5 OTP)', () => {
  it.each(['', '1', '1234', '12345', '1234567'])('refuses %j', (otp) => {
    expect(messages(otpSchema, { otp })).toEqual({ otp: 'Please enter a valid OTP.' });
  });

  it('accepts six characters', () => {
    expect(otpSchema.safeParse({ otp: '123456' }).success).toBe(true);
  });
});

describe('isProfilePhone (spec §5 Profile setup)', () => {
  it.each([
    ['a UK mobile with a space', '07946 095800'],
    ['a UK number with +44', '+44 20 7946 0958'],
    ['an international number', '+1 415 555 0100'],
    ['plain digits', '4155550100'],
    ['brackets, dashes and dots', '(415) 555-0100'],
    ['dots', '415.555.0100'],
    ['the minimum 7 digits', '1234567'],
    ['the maximum 15 digits', '123456789012345'],
  ])('accepts %s (%s)', (_, phone) => {
    expect(isProfilePhone(phone)).toBe(true);
  });

  it.each([
    ['too short', '12345'],
    ['six digits', '123456'],
    ['a leading 0 that is not UK', '0123'],
    ['00 then digits', '00441234567890'],
    ['16 digits', '1234567890123456'],
    ['letters', 'call me maybe'],
    ['a letter among digits', '415555O100'],
    ['blank', ''],
    ['a lone plus', '+'],
  ])('refuses %s (%j)', (_, phone) => {
    expect(isProfilePhone(phone)).toBe(false);
  });
});

describe('profileSchema (spec §5 Profile setup)', () => {
  it('asks for both fields when blank', () => {
    expect(messages(profileSchema, { fullName: '', phoneNumber: '' })).toEqual({
      fullName: 'Full Name is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it('treats spaces as blank', () => {
    expect(messages(profileSchema, { fullName: '   ', phoneNumber: '  ' })).toEqual({
      fullName: 'Full Name is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it.each(['12345', '0123', 'phone'])('refuses the phone %j', (phoneNumber) => {
    expect(messages(profileSchema, { fullName: 'Ada Lovelace', phoneNumber })).toEqual({ phoneNumber: PHONE_INVALID });
  });

  it.each(['07946 095800', '+44 20 7946 0958', '+1 415 555 0100', '4155550100'])('accepts the phone %j', (phoneNumber) => {
    expect(profileSchema.safeParse({ fullName: 'Ada Lovelace', phoneNumber }).success).toBe(true);
  });
});

describe('profileSettingsSchema (spec §5 Profile settings save)', () => {
  it('needs a non-blank full name', () => {
    expect(messages(profileSettingsSchema, { fullName: '', phoneNumber: '' })).toEqual({ fullName: 'Full name is required' });
    expect(messages(profileSettingsSchema, { fullName: '  ', phoneNumber: '' })).toEqual({ fullName: 'Full name is required' });
  });

  it('allows a blank phone number', () => {
    expect(profileSettingsSchema.safeParse({ fullName: 'Ada', phoneNumber: '' }).success).toBe(true);
    expect(profileSettingsSchema.safeParse({ fullName: 'Ada', phoneNumber: '   ' }).success).toBe(true);
  });

  it('checks a phone number that is given', () => {
    expect(messages(profileSettingsSchema, { fullName: 'Ada', phoneNumber: '12345' })).toEqual({ phoneNumber: PHONE_INVALID });
    expect(profileSettingsSchema.safeParse({ fullName: 'Ada', phoneNumber: '+44 20 7946 0958' }).success).toBe(true);
  });
});

describe('NEW_PASSWORD_RULES and newPasswordSchema (spec §5 New password)', () => {
  const FIVE = [
    'Must be at least 8 characters',
    'Must contain at least one uppercase letter',
    'Must contain at least one lowercase letter',
    'Must contain at least one number',
    'Must contain one special character',
  ];

  it('has the five rules in display order', () => {
    expect(NEW_PASSWORD_RULES.map((rule) => rule.message)).toEqual(FIVE);
  });

  it('judges each rule on its own', () => {
    const holding = (password: string) => NEW_PASSWORD_RULES.filter((rule) => rule.holds(password)).map((rule) => rule.message);
    expect(holding('')).toEqual([]);
    expect(holding('abcdefgh')).toEqual([FIVE[0], FIVE[2]]);
    expect(holding('A')).toEqual([FIVE[1]]);
    expect(holding('7')).toEqual([FIVE[3]]);
    expect(holding('!')).toEqual([FIVE[4]]);
    expect(holding('Abcdef1!')).toEqual(FIVE);
  });

  it.each([
    ['too short', 'Abc1!', FIVE[0]],
    ['no uppercase letter', 'abcdefg1!', FIVE[1]],
    ['no lowercase letter', 'ABCDEFG1!', FIVE[2]],
    ['no number', 'Abcdefgh!', FIVE[3]],
    ['no special character', 'Abcdefg12', FIVE[4]],
  ])('refuses a password with %s', (_, password, message) => {
    expect(messages(newPasswordSchema, { password, confirmPassword: password })).toEqual({ password: message });
  });

  it('shows the first unmet rule when several fail', () => {
    expect(messages(newPasswordSchema, { password: '', confirmPassword: 'x' })).toMatchObject({ password: FIVE[0] });
    expect(messages(newPasswordSchema, { password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({ password: FIVE[1] });
  });

  it('needs a matching confirmation', () => {
    expect(messages(newPasswordSchema, { password: 'Abcdef1!', confirmPassword: '' })).toEqual({ confirmPassword: 'Please confirm your password' });
    expect(messages(newPasswordSchema, { password: 'Abcdef1!', confirmPassword: 'Abcdef1?' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(newPasswordSchema.safeParse({ password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }).success).toBe(true);
  });
});

describe('profileImageProblem (spec §5 profile image)', () => {
  const file = (type: string, size = 10, name = 'photo') => new File([new Uint8Array(size)], name, { type });

  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('accepts %s', (type) => {
    expect(profileImageProblem(file(type))).toBeNull();
  });

  it.each(['text/plain', 'image/svg+xml', 'image/bmp', 'application/pdf', ''])('refuses the type %j', (type) => {
    expect(profileImageProblem(file(type))).toBe('Please select a valid image file (JPEG, PNG, GIF, or WebP)');
  });

  it('allows exactly 5 MB and refuses one byte more', () => {
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(profileImageProblem(file('image/png', 5 * 1024 * 1024))).toBeNull();
    expect(profileImageProblem(file('image/png', 5 * 1024 * 1024 + 1))).toBe('File size must be less than 5.0MB');
  });

  it('names the type first when both are wrong', () => {
    expect(profileImageProblem(file('text/plain', 6 * 1024 * 1024))).toBe('Please select a valid image file (JPEG, PNG, GIF, or WebP)');
  });
});
