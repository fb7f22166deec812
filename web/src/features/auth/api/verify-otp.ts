import type { User } from '@/api/types';
import { apiSend } from '@/lib/api-client';

export const verifyOtp = (emailAddress: string, otp: string) =>
  apiSend<{ user: User }>('POST', '/auth/verify-otp', { emailAddress, otp }, 'OTP verification failed').then((data) => data.user);
