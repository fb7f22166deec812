// What other console areas use of the trade area: the product page's variant grid opens a
// saved variant's quantity breaks.
export { PriceBreaksButton } from './components/price-breaks-dialog';
