import { describe, expect, it } from 'vitest';
import { durationLabel, findDurations } from '../../web/src/features/cook-mode/step-durations';

const seconds = (step: string) => findDurations(step).map((duration) => duration.seconds);

describe('findDurations', () => {
  it.each([
    ['Simmer for 10 minutes.', [600]],
    ['Bake 1 hour.', [3600]],
    ['Rest for 30 seconds', [30]],
    ['Cook 1 hour 20 minutes, stirring', [4800]],
    ['Roast for 1 hr and 15 mins', [4500]],
    ['Leave 1h30 in the oven', [5400]],
    ['Cook 5-10 minutes until golden', [300]],
    ['Cook 5 to 10 min', [300]],
    ['Cook 5–10 min', [300]],
    ['Soak for 1 1/2 hours', [5400]],
    ['Soak for 1½ hours', [5400]],
    ['Soak for ½ hour', [1800]],
    ['Steam for 2.5 minutes', [150]],
    ['Wait half an hour', [1800]],
    ['Let it rise for an hour', [3600]],
    ['Boil for two minutes', [120]],
    ['Bake 12 mins', [720]],
    ['Fry 3 min per side', [180]],
    ['Cook on high for 10 minutes, then on the lowest heat for 1 hour.', [600, 3600]],
    ['Stir for 2 minutes, then another 2 minutes', [120]],
  ])('%j offers %j', (step, expected) => {
    expect(seconds(step)).toEqual(expected);
  });

  it.each([
    'Add 2 onions and 3 tomatoes.',
    'Heat the oven to 200 C.',
    'Use a 20 cm pan.',
    'Marinate for 3 days.',
    'Season to taste.',
    '',
    'Add 5 mint leaves',
    'Add 2 tbsp oil',
  ])('finds no timer in %j', (step) => {
    expect(findDurations(step)).toEqual([]);
  });

  it('keeps the words that gave the timer and labels it shortly', () => {
    expect(findDurations('Simmer for 1 hour 5 minutes.')).toEqual([
      { seconds: 3900, text: '1 hour 5 minutes', label: '1 h 5 min' },
    ]);
  });
});

describe('durationLabel', () => {
  it.each([
    [45, '45 s'],
    [600, '10 min'],
    [3600, '1 h'],
    [3725, '1 h 2 min 5 s'],
  ])('%i s is %s', (value, label) => {
    expect(durationLabel(value)).toBe(label);
  });
});
