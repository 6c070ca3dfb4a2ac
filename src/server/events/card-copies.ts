import { CARD_IMAGE_WIDTH, CARD_LOGO_WIDTH } from '../plugins/web-images.ts';

/** An event's image and logo get card copies, what its cards show (docs/decisions/0045): the
 * option `storeFiles` takes wherever an event's files are stored (create, update, the demo seed). */
export const EVENT_CARD_COPIES = { cardCopies: { image: CARD_IMAGE_WIDTH, logo: CARD_LOGO_WIDTH } } as const;
