// The password of one joining the staff from an invitation: the storefront sign-up's
// rule and messages (the server checks the same), typed twice.
import { z } from 'zod/mini';
import { signupPassword } from '@/features/auth';

export const acceptInviteSchema = z
  .object({
    password: signupPassword(),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  );
export type AcceptInviteValues = z.infer<typeof acceptInviteSchema>;
