// The trade application's shapes (docs/DESIGN.md §11). What the API answers is generated
// from its OpenAPI document (src/api/types.ts); where the document says only "a string",
// the values the contract names are narrowed here, so the page can rely on them.
import type { TradeApplication as ApiTradeApplication } from '@/api/types';

export type { TradeApplicationRequest, TradeKind } from '@/api/types';

/** Where an application stands: being reviewed, approved or rejected. */
export type ApplicationStatus = 'open' | 'approved' | 'rejected';

/** An application as its applicant sees it (GET and POST /trade/application). */
export type TradeApplication = ApiTradeApplication & { status: ApplicationStatus };
