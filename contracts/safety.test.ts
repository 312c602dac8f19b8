import { describe, expect, it } from 'vitest';
import { nudgeFor } from './safety';

describe('safety nudges', () => {
  it.each([
    ['You are an idiot', 'insult'],
    ['shut up already', 'insult'],
    ['send me nudes', 'solicitation'],
    ['Are you DTF tonight?', 'solicitation'],
    ['Can you Venmo me for the tickets?', 'payment'],
    ['I only take gift cards', 'payment'],
    ['Let me tell you about an investment opportunity in bitcoin', 'payment'],
  ])('flags %j as %s', (text, kind) => {
    expect(nudgeFor(text)).toBe(kind);
  });

  it.each(['Coffee on Saturday?', 'I was stupidly excited about the concert', 'We drove through Scunthorpe', 'My cashier job is fun', 'Hiking, then cards at my friends?'])(
    'leaves %j alone',
    (text) => {
      expect(nudgeFor(text)).toBeNull();
    },
  );
});
