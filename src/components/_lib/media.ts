/**
 * Media conditions shared by the stylesheets.
 *
 * `FORCED_COLORS`: Windows high contrast and other forced palettes. The browser replaces every colour with the
 * user's system colours and drops box shadows, so a boundary or a state drawn with a background or a shadow
 * alone disappears: rules under this condition draw it with a border or an outline instead, and pick system
 * colours (`Highlight`, `GrayText`) where the state needs one.
 *
 * `NARROW`: a layout viewport under 300 CSS px, which is what a phone gets at 200 % zoom (360 px at 200 % is
 * 180 CSS px). Rows stack and texts wrap there instead of being cut.
 */
export const FORCED_COLORS = '(forced-colors: active)';
export const NARROW = '(max-width: 299.98px)';
