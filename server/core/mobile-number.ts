/**
 * Mobile numbers as people type them and as records hold them: `+86 138-1234-5678`,
 * `0086 13812345678` and `13812345678` are one number.
 */

/** The number without spaces, dashes or China's country code (`13812345678`). */
export const nationalNumber = (phone: string): string =>
  phone.replace(/[\s-]/g, '').replace(/^(\+|00)86(?=1\d{10}$)/, '');

/** `138****8000`: enough to recognise one's own number, not enough to learn someone else's. */
export const maskMobile = (mobile: string): string =>
  mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
