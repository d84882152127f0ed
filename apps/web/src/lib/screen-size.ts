/** Below Mantine's `sm` breakpoint (768 px): a phone, where the side menu is a drawer and popups fill the screen. */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';
