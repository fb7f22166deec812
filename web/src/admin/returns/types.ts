// Names for the server's return schemas (docs: the returns API), generated into
// api/schema.d.ts from the OpenAPI document.
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type Return = Schemas['Return'];
export type ReturnLine = Schemas['ReturnLine'];
export type ReturnEvent = Schemas['ReturnEvent'];
export type ReturnReason = Schemas['Reason'];
export type ReturnStatus = Schemas['ReturnStatus'];
export type ReturnList = Schemas['ReturnList'];
export type ReceiveRequest = Schemas['ReceiveRequest'];
export type RejectRequest = Schemas['RejectRequest'];
export type ReturnRefundRequest = Schemas['ReturnRefundRequest'];

/** What each of a return's events is. */
export type ReturnEventType = ReturnEvent['type'];
