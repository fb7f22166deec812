import { cardBrand, cardLabel, expiryLabel, formatCardNumber, formatCvv, formatExpiry, isCardFilled, maskedCard, primaryFirst, tokenizeRequest } from './cards';

describe('formatCardNumber', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4111', '4111'],
    ['41111', '4111 1'],
    ['41111111', '4111 1111'],
    ['4111111111111111', '4111 1111 1111 1111'],
  ])('groups %j in fours as %j, with no trailing space', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it('drops everything but digits, so a pasted number with dashes and spaces comes out clean', () => {
    expect(formatCardNumber('4111-1111 1111 1111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('abc 5500/0000.0000 0004')).toBe('5500 0000 0000 0004');
    expect(formatCardNumber('card')).toBe('');
  });

  it('stops at 19 characters (16 digits), cutting what is pasted beyond', () => {
    expect(formatCardNumber('4111-1111 1111 1111 99')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4'.repeat(40))).toHaveLength(19);
  });

  it('is stable when applied to its own output, as on every keystroke', () => {
    const once = formatCardNumber('371449635398431');
    expect(once).toBe('3714 4963 5398 431');
    expect(formatCardNumber(once)).toBe(once);
  });
});

describe('formatExpiry', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['122', '12/2'],
    ['1225', '12/25'],
    ['12/25', '12/25'],
    ['12-25', '12/25'],
    ['122599', '12/25'],
    ['ab', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(formatExpiry(input)).toBe(expected);
  });

  it('lets a deleted slash take the year digit back out: "12/" becomes "12"', () => {
    expect(formatExpiry('12/')).toBe('12');
  });

  it('never exceeds 5 characters', () => {
    expect(formatExpiry('9'.repeat(20))).toHaveLength(5);
  });
});

describe('formatCvv', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '1234'],
    ['12345', '1234'],
    ['1a2 3', '123'],
    ['abc', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(formatCvv(input)).toBe(expected);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4', 'visa'],
    ['4111 1111 1111 1111', 'visa'],
    ['51', 'mastercard'],
    ['5500 0000 0000 0004', 'mastercard'],
    ['55', 'mastercard'],
    ['34', 'amex'],
    ['37', 'amex'],
    ['3714 4963 5398 431', 'amex'],
  ])('reads %j as %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it.each([
    ['', 'nothing typed'],
    ['5', 'a 5 alone'],
    ['50', '50, below the Mastercard range'],
    ['56', '56, above the Mastercard range'],
    ['3', 'a 3 alone'],
    ['35', '35 (not 34 or 37)'],
    ['6011 0000 0000 0004', 'a Discover number'],
    ['1234', 'anything else'],
  ])('reads %j as generic: %s', (number) => {
    expect(cardBrand(number)).toBe('generic');
  });

  it('ignores separators before the first digit', () => {
    expect(cardBrand(' -4111')).toBe('visa');
  });
});

describe('maskedCard and cardLabel', () => {
  it('hides all but the last four digits', () => {
    expect(maskedCard('4242')).toBe('•••• 4242');
  });

  it('names a card the provider holds by its brand, or plainly when the brand is not known', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
    expect(cardLabel({ brand: 'discover', last4: '1117' })).toBe('Discover •••• 1117');
    expect(cardLabel({ brand: 'unknown', last4: '0000' })).toBe('Card •••• 0000');
  });
});

describe('expiryLabel', () => {
  it('prints the month and year as on the card', () => {
    expect(expiryLabel({ expMonth: 8, expYear: 2029 })).toBe('08/29');
    expect(expiryLabel({ expMonth: 12, expYear: 2030 })).toBe('12/30');
  });
});

describe('primaryFirst', () => {
  it('puts the primary card first and keeps the others in the server’s order', () => {
    const cards = [
      { id: 'a', primary: false },
      { id: 'b', primary: false },
      { id: 'c', primary: true },
      { id: 'd', primary: false },
    ];
    expect(primaryFirst(cards).map((card) => card.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(cards[0].id).toBe('a');
  });
});

describe('isCardFilled', () => {
  const FILLED = { cardNumber: '4111 1111 1111 1111', cardHolderName: 'Alex Morgan', expiryDate: '12/25', cvv: '123' };

  it('holds when all four text fields have something in them', () => {
    expect(isCardFilled(FILLED)).toBe(true);
  });

  it('asks for nothing more: a short number, month 13 and a one-digit CVV still count as filled', () => {
    expect(isCardFilled({ ...FILLED, cardNumber: '4', expiryDate: '13', cvv: '1' })).toBe(true);
  });

  it.each(['cardNumber', 'cardHolderName', 'expiryDate', 'cvv'] as const)('fails when %s is empty or blank', (field) => {
    expect(isCardFilled({ ...FILLED, [field]: '' })).toBe(false);
    expect(isCardFilled({ ...FILLED, [field]: '   ' })).toBe(false);
  });
});

describe('tokenizeRequest', () => {
  it('sends the number as typed, the month and a four-digit year, the CVC and the trimmed name', () => {
    expect(tokenizeRequest({ cardNumber: '4242 4242 4242 4242', cardHolderName: ' Ada Lovelace ', expiryDate: '08/29', cvv: '123' })).toEqual({
      number: '4242 4242 4242 4242',
      expMonth: 8,
      expYear: 2029,
      cvc: '123',
      holderName: 'Ada Lovelace',
    });
  });

  it('sends an expiry that is not a date as zeros, for the provider to refuse in its own words', () => {
    const card = { cardNumber: '4242', cardHolderName: 'Ada', cvv: '1' };
    expect(tokenizeRequest({ ...card, expiryDate: '12' })).toMatchObject({ expMonth: 12, expYear: 0 });
    expect(tokenizeRequest({ ...card, expiryDate: '1' })).toMatchObject({ expMonth: 1, expYear: 0 });
    expect(tokenizeRequest({ ...card, expiryDate: '12/3' })).toMatchObject({ expMonth: 12, expYear: 0 });
  });
});
