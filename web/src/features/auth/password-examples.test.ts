import table from './password-examples.json';
import { loginSchema, NEW_PASSWORD_RULES, newPasswordSchema, signupSchema } from './schemas';

// The server's unit test (server/src/domain/account.rs) runs the same table against its
// rules: when both pass, the storefront accepts exactly the passwords the server accepts.

interface Parsable {
  safeParse(value: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** 'accepted', or the message the form shows under its password field (its first issue). */
function answer(schema: Parsable, form: object): string {
  const issues = schema.safeParse(form).error?.issues ?? [];
  return issues.find((issue) => issue.path.join('.') === 'password')?.message ?? 'accepted';
}

/** Where spec §5 words a message otherwise than the server: it gives sign-up no 'required'
 * message, so an empty sign-up password shows the minimum length. */
const SPEC_SIGNUP_WORDING: Record<string, string> = { 'Password is required': 'Password must be at least 8 characters' };

const examples = table.examples.map((example) => [example.why, example] as const);

it('has examples to run', () => {
  expect(examples.length).toBeGreaterThanOrEqual(30);
});

describe.each(examples)('%s', (_, example) => {
  const { password } = example;

  it('gets the server\'s login answer', () => {
    expect(answer(loginSchema, { emailAddress: 'ada@example.com', password })).toBe(example.login);
  });

  it('gets the server\'s sign-up answer', () => {
    const answered = answer(signupSchema, { emailAddress: 'ada@example.com', password, confirmPassword: password });
    expect(answered).toBe(SPEC_SIGNUP_WORDING[example.signup] ?? example.signup);
  });

  it('gets the server\'s new-password answer, and the checklist agrees', () => {
    expect(answer(newPasswordSchema, { password, confirmPassword: password })).toBe(example.newPassword);
    const firstUnmet = NEW_PASSWORD_RULES.find((rule) => !rule.holds(password))?.message;
    if (example.newPassword === 'accepted') expect(firstUnmet).toBeUndefined();
    else if (firstUnmet === undefined) expect(example.newPassword).toBe('Password cannot exceed 128 characters');
    else expect(firstUnmet).toBe(example.newPassword);
  });
});
