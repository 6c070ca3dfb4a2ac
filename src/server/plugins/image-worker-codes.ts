/** The exit codes of image-worker.ts (web-images.ts reads them). */
export const TOO_MANY_PIXELS_EXIT = 3;
export const UNDECODABLE_EXIT = 4;
