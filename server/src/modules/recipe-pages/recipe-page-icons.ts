/**
 * The lucide icons the server-rendered parts show (the recipe page's hero at 16 px, the home
 * page's trending cards at 14 px and the slider's arrows at 20 px; web/ and ui render them with
 * lucide-react, `aria-hidden`), as the markup lucide-react renders, so the server's first paint
 * and the app's render that replaces it draw the same glyphs in the same boxes.
 */
const svg = (name: string, body: string, attributes = '', size = 16) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" ` +
  'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
  `class="lucide lucide-${name}" aria-hidden="true"${attributes}>${body}</svg>`;

const USER_BODY =
  '<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"></path><circle cx="12" cy="7" r="4"></circle>';
export const USER_ICON = svg('user', USER_BODY);
export const CARD_USER_ICON = svg('user', USER_BODY, '', 14);

const CALENDAR_BODY =
  '<path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect>' +
  '<path d="M3 9h18"></path><path d="M8 13h.01"></path><path d="M12 13h.01"></path><path d="M16 13h.01"></path>' +
  '<path d="M8 17h.01"></path><path d="M12 17h.01"></path><path d="M16 17h.01"></path>';
export const CALENDAR_ICON = svg('calendar-days', CALENDAR_BODY);
export const CARD_CALENDAR_ICON = svg('calendar-days', CALENDAR_BODY, '', 14);

export const CHEVRON_LEFT_ICON = svg('chevron-left', '<path d="m15 18-6-6 6-6"></path>', '', 20);
export const CHEVRON_RIGHT_ICON = svg('chevron-right', '<path d="m9 18 6-6-6-6"></path>', '', 20);

export const LINK_ICON = svg(
  'link-2',
  '<path d="M9 17H7A5 5 0 0 1 7 7h2"></path><path d="M15 7h2a5 5 0 1 1 0 10h-2"></path>' +
    '<line x1="8" x2="16" y1="12" y2="12"></line>',
);

const STAR_PATH =
  '<path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 ' +
  '.294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 ' +
  '2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 ' +
  '9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"></path>';

/** ui's StarRatingDisplay star: `data-state="on"` for the filled ones. */
export const starIcon = (on: boolean) =>
  svg('star', STAR_PATH, ` data-state="${on ? 'on' : 'off'}"`);
