// The one formatter lives in the contract, shared with the console; screens keep importing it from here.
export { formatMoney, minorToDecimal } from '@pinyou/contract';
