// The trade feature's public face (docs/DESIGN.md §11): the account area's Trade Account
// page shows the customer's latest application and applies for an account.
export { TradeAccount } from './components/trade-account';
