// How the console words the return enums the server sends: the shop's own words for
// them (features/returns), and what the table's filter needs of them.
import { REASON_LABELS, STATUS_LABELS } from '@/features/returns';
import type { ReturnEventType, ReturnStatus } from './types';

export { REASON_LABELS, STATUS_LABELS };

/** Every status, in the order the table's filter offers them. */
export const STATUSES = Object.keys(STATUS_LABELS) as ReturnStatus[];

export const isStatus = (value: string | null): value is ReturnStatus => value !== null && value in STATUS_LABELS;

/** Each event is named for the status it moved the return to. */
export const EVENT_LABELS: Record<ReturnEventType, string> = STATUS_LABELS;
