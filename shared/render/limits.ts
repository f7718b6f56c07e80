/** "spec" numbers come from spec 001 sections 3.6 and 9 (and spec 000 section 9); the others are ours. */

/** spec: email layout maximum width 600px (393px on small screens) */
export const EMAIL_MAX_WIDTH = 600;
export const EMAIL_SMALL_WIDTH = 393;

/** spec: button colour default #33CCFF */
export const BUTTON_COLOR_DEFAULT = '#33CCFF';
/** spec: spacing (br) height default 8; also each block's top and bottom padding */
export const SPACING_DEFAULT = 8;

export const SIDE_PADDING = 24;
export const SIDE_PADDING_SMALL = 16;

export const MAX_BLOCKS = 100;
export const MAX_LANGUAGES = 50;
export const SUBJECT_MAX = 255;
export const PREHEADER_MAX = 255;
export const HEADING_MAX = 300;
export const LONG_TEXT_MAX = 20_000;
export const BUTTON_TEXT_MAX = 100;
export const ALT_MAX = 300;
export const URL_MAX = 2048;
export const SPACING_MAX = 200;
export const IMAGE_HEIGHT_MAX = 2000;
