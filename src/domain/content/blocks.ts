import { z } from 'zod';
import { type TextRule, textField, textProblem } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText } from './shared.ts';

/**
 * The site's text blocks that the spec leaves static, editable in the 'Edit Content' panel. Text is
 * plain: paragraphs are separated by a blank line, and a line starting with "- " is a list item.
 * Each block falls back to its default until an administrator changes it.
 */
export const TEXT_BLOCK_KEYS = [
  'home_intro',
  'about_mission',
  'about_start_racing',
  'schools_rules',
  'safeguarding',
] as const;
export type TextBlockKey = (typeof TEXT_BLOCK_KEYS)[number];

export interface Testimonial {
  quote: string;
  author: string;
}

export interface ContentBlocks {
  home_intro: string;
  about_mission: string;
  about_start_racing: string;
  testimonials: Testimonial[];
  schools_rules: string;
  safeguarding: string;
}

export const TEXT_BLOCK_LABELS: Record<TextBlockKey, string> = {
  home_intro: 'Home intro',
  about_mission: 'About mission',
  about_start_racing: 'Start racing text',
  schools_rules: 'Schools rules',
  safeguarding: 'Safeguarding text',
};

export const CONTENT_LIMITS = { text: 20_000, testimonials: 20, quote: 1000, author: 100 } as const;

/** Each block's text rule: several paragraphs, so line breaks and tabs are allowed. */
const blockRule = (key: TextBlockKey): TextRule => ({
  label: TEXT_BLOCK_LABELS[key],
  max: CONTENT_LIMITS.text,
  multiline: true,
});
const QUOTE = {
  label: 'Quote',
  max: CONTENT_LIMITS.quote,
  multiline: true,
  required: CONTENT_MSG.quoteRequired,
} as const satisfies TextRule;
const AUTHOR = { label: 'Author', max: CONTENT_LIMITS.author, required: CONTENT_MSG.authorRequired } as const;
const block = (key: TextBlockKey) => textField(blockRule(key)).nullable().optional();

/** PUT /content/update/: any subset of the blocks. An empty text or null puts a block back to its
 * default; null testimonials restore the default ones, an empty list shows none. */
export const contentUpdateSchema = z.strictObject({
  home_intro: block('home_intro'),
  about_mission: block('about_mission'),
  about_start_racing: block('about_start_racing'),
  testimonials: z
    .array(z.strictObject({ quote: textField(QUOTE).default(''), author: textField(AUTHOR).default('') }), {
      error: 'Testimonials must be a list',
    })
    .nullable()
    .optional(),
  schools_rules: block('schools_rules'),
  safeguarding: block('safeguarding'),
});
export type ContentUpdate = z.infer<typeof contentUpdateSchema>;

export function validateContentUpdate(u: ContentUpdate): FieldMessages {
  const entries: [string, string | null][] = TEXT_BLOCK_KEYS.map((key) => [
    key,
    textProblem(u[key] ?? '', blockRule(key)),
  ]);
  const list = u.testimonials ?? [];
  entries.push([
    'testimonials',
    list.length > CONTENT_LIMITS.testimonials ? CONTENT_MSG.tooMany('testimonials', CONTENT_LIMITS.testimonials) : null,
  ]);
  list.slice(0, CONTENT_LIMITS.testimonials).forEach((item, i) => {
    entries.push([`testimonials.${i}.quote`, requiredText(item.quote, QUOTE)]);
    entries.push([`testimonials.${i}.author`, requiredText(item.author, AUTHOR)]);
  });
  return collect(entries);
}

/** What an update stores: the blocks it sets, and the ones it puts back to their default. */
export function contentPatch(u: ContentUpdate): { set: Partial<ContentBlocks>; reset: (keyof ContentBlocks)[] } {
  const set: Partial<ContentBlocks> = {};
  const reset: (keyof ContentBlocks)[] = [];
  for (const key of TEXT_BLOCK_KEYS) {
    const value = u[key];
    if (value === undefined) continue;
    if (value) set[key] = value;
    else reset.push(key);
  }
  if (u.testimonials === null) reset.push('testimonials');
  else if (u.testimonials) set.testimonials = u.testimonials.map(({ quote, author }) => ({ quote, author }));
  return { set, reset };
}

function isTestimonials(value: unknown): value is Testimonial[] {
  return (
    Array.isArray(value) &&
    value.every(
      (t) => typeof t === 'object' && t !== null && typeof t.quote === 'string' && typeof t.author === 'string',
    )
  );
}

/** The blocks to show: each stored one that is well formed, else its default. Key order is fixed. */
export function resolveContentBlocks(stored: unknown, defaults: ContentBlocks): ContentBlocks {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const text = (key: TextBlockKey) => {
    const value = s[key];
    return typeof value === 'string' && value.trim() ? value : defaults[key];
  };
  return {
    home_intro: text('home_intro'),
    about_mission: text('about_mission'),
    about_start_racing: text('about_start_racing'),
    testimonials: isTestimonials(s.testimonials)
      ? s.testimonials.map(({ quote, author }) => ({ quote, author }))
      : defaults.testimonials,
    schools_rules: text('schools_rules'),
    safeguarding: text('safeguarding'),
  };
}

/** The default blocks, worded for the association named in configuration. */
export function defaultContentBlocks(association: { name: string; code: string }): ContentBlocks {
  const { name, code } = association;
  return {
    home_intro: [
      `Welcome to the ${name}. We bring the region's ski race clubs together to run friendly, well-organised races on artificial and indoor slopes all season long, from a racer's very first gates to the club league and national qualifying events.`,
      'Whether you are eight or eighty, brand new to racing or chasing a personal best, there is a place for you at our races. Have a look at the upcoming events, enter online in a few minutes, and come and join us on the slope.',
    ].join('\n\n'),
    about_mission: [
      `The ${code} exists to make ski and snowboard racing open, fair and fun for everyone in our region. We are run entirely by volunteers from our member clubs, who give their time to set courses, time races, keep results and look after racers of every age.`,
      'We want to give young people a safe and welcoming way into competitive snowsport, to help club racers improve through a full season of league races, and to support those who go on to race at national level. Above all, we want every racer to leave the slope smiling and keen to come back.',
    ].join('\n\n'),
    about_start_racing: [
      'Getting started is easier than you might think. If you can ski or snowboard confidently on a dry or indoor slope, link your turns and ride a drag lift on your own, you are ready to try racing.',
      'The best first step is to join one of our member clubs: each runs coached training where you learn to ski gates in a relaxed setting. Then create an account here, enter a race, and come along. Our officials will help you with everything on the day, from collecting your bib to your very first run.',
    ].join('\n\n'),
    testimonials: [
      {
        quote:
          'My first race was terrifying for about ten seconds, and then it was the best fun I have ever had on skis. Everyone cheered, even for the people who fell over!',
        author: 'Sophie, U12 racer',
      },
      {
        quote:
          'The volunteers are brilliant with the children. Our two started at the club training nights and now they count down the days to every league race.',
        author: 'Parent of two young racers',
      },
      {
        quote:
          'I came back to racing in my forties and was made to feel just as welcome as the juniors. Well-run races, accurate timing and a great atmosphere.',
        author: 'Mark, masters racer',
      },
    ],
    schools_rules: [
      'Schools races give pupils the chance to represent their school on the slope, and no racing experience is needed. Every racer must be able to ski or snowboard confidently, turn and stop under control, and use a drag lift on their own.',
      [
        'Entries',
        '- Team entry: £70 per team of 3 or 4 racers from the same school.',
        '- Individual entry: £21 per racer, for pupils whose school is not entering a full team.',
        "- Entries close on the date shown on each event. Late entries are accepted at the organisers' discretion.",
      ].join('\n'),
      [
        'On the day',
        '- Helmets are compulsory for every run; gloves, long sleeves and long trousers must be worn on artificial slopes.',
        '- A teacher or responsible adult from each school must stay with their racers for the whole event.',
        '- Racers follow the instructions of the race officials at all times. Results are published on this site after the race.',
      ].join('\n'),
    ].join('\n\n'),
    safeguarding: [
      `The ${code} is committed to safeguarding and promoting the welfare of every child and adult at risk who takes part in our races. Everyone involved (volunteers, officials, coaches, parents and racers) shares the responsibility for keeping our sport safe and enjoyable.`,
      'Our officials follow our Safeguarding Policy and Code of Conduct, and people in positions of responsibility are recruited safely and trained for their role. Racers under 18 must be accompanied by a parent, guardian or nominated adult at every event.',
      'If you are worried about a child or an adult at risk, speak to the safeguarding lead at the event or contact our Welfare Officer through the contact page. If someone is in immediate danger, call 999. You can also call the NSPCC helpline on 0808 800 5000 for advice.',
    ].join('\n\n'),
  };
}
