// The returns API's shapes (docs/DESIGN.md §12), generated from the server's OpenAPI
// document (src/api/schema.d.ts). Money is a number with two decimals in the cart's
// (rupee) reading; times are ISO 8601 UTC strings.
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** Why a line goes back: labels in ../returns.ts. */
export type ReturnReason = Schemas['Reason'];

/** Where a return stands: `requested` → `approved` | `rejected` | `cancelled`;
 * `approved` → `received` | `rejected`; `received` → `refunded`. */
export type ReturnStatus = Schemas['ReturnStatus'];

/** A line of a return; `received` and `restocked` stay null until it is received. */
export type ReturnLine = Schemas['ReturnLine'];
export type ReturnEvent = Schemas['ReturnEvent'];
/** A return: `refundEstimate` is tax included, without delivery; `photos` are signed
 * addresses that work 15–30 minutes; `reason` is staff's for a rejection. */
export type Return = Schemas['Return'];

/** An order line's units that can still be returned. */
export type Returnable = Schemas['ReturnableLine'];

/** `GET /order/{number}/return`: the order's returns (newest first), and what can still
 * be returned until when (`returnableUntil` null: no return can be asked). */
export type OrderReturns = Schemas['OrderReturns'];

export type ReturnLineInput = Schemas['ReturnLineRequest'];

/** `POST /order/{number}/return`: the note is always sent, '' for none. */
export type ReturnRequest = Schemas['ReturnRequest'] & { note: string };
