/**
 * The kinds of safety nudge (nudges.ts). Apart from the lexicon, so that the message schema and
 * the report reasons can name them without loading the lexicon and its confusables table.
 */
export const NUDGE_KINDS = ['insult', 'solicitation', 'payment', 'off_platform'] as const;
export type NudgeKind = (typeof NUDGE_KINDS)[number];
