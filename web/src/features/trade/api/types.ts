// The trade application's shapes (docs/DESIGN.md §11). What the API answers is generated
// from its OpenAPI document (src/api/types.ts); where the document says only "a string",
// the values the contract names are narrowed here, so the page can rely on them.
import type {
  Statement as ApiStatement,
  StatementLine as ApiStatementLine,
  TradeApplication as ApiTradeApplication,
  TradeStanding as ApiTradeStanding,
} from '@/api/types';

export type { TradeApplicationRequest, TradeKind } from '@/api/types';

/** Where an application stands: being reviewed, approved or rejected. */
export type ApplicationStatus = 'open' | 'approved' | 'rejected';

/** An application as its applicant sees it (GET and POST /trade/application). */
export type TradeApplication = ApiTradeApplication & { status: ApplicationStatus };

/** The signed-in customer's account as GET /auth/user tells it: the latest application's
 * status, and the credit figures (0 until approved). */
export type TradeStanding = ApiTradeStanding & { status: ApplicationStatus };

/** When an order on account is due: later (`open`), today (`due`) or before today (`overdue`). */
export type DueStanding = 'open' | 'due' | 'overdue';

/** An open order on account, as the Statement lists it. */
export type StatementLine = ApiStatementLine & { standing: DueStanding };

/** GET /trade/statement: the open orders on account, a page of them, and the credit figures. */
export type Statement = Omit<ApiStatement, 'orders'> & { orders: StatementLine[] };
