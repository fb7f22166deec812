// The trade feature's public face (docs/DESIGN.md §11): the account area's Trade Account
// page shows the customer's latest application and applies for an account; its Statement
// lists the open orders on account; checkout offers pay on account with the credit
// available; the header's account menu offers Statement and Quick Order to an approved
// account.
export { useAccountCredit, useTradeApproved } from './api/get-standing';
export { Statement } from './components/statement';
export { TradeAccount } from './components/trade-account';
