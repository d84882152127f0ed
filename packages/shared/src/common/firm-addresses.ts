/**
 * The addresses that are not firm pages: sign-in and the other public pages, firm set-up, the client
 * portal, the signing links (/sign/{token}), a lead's consultation booking links (/book/{token}) and the public links of invoices and trust requests (/billing/invoice/invoice-empty, the
 * invoice builder, is a firm page). `/` may be either. The server sends a firm page with the firm
 * chunks named as preloads; the web's router adds the firm's routes only for a firm address.
 */
const NOT_FIRM_PAGE =
  /^\/(?:$|[?#]|login|signup|forgot-password|verification|confirm-email-change|undo-email-change|join-team\/|setup-firm|portal\/|sign\/|book\/|billing\/trust-accounting\/|billing\/invoice\/(?!invoice-empty(?:$|[/?#])))/;

/** Whether an address (a path, with or without its query) is a firm page's. */
export const isFirmPage = (address: string) => !NOT_FIRM_PAGE.test(address);
