/*
 * The choices of the optional profile fields. Written for this product; genders and sexual orientations
 * follow product-spec.md section 3, the other lists are the usual ones of creator profiles.
 */
import { genders, sexualOrientations, type TOption, type TUserAdditional } from '@fanstage/contract';

const genderTexts: Record<(typeof genders)[number], string> = {
  male: 'Male',
  female: 'Female',
  transgender: 'Trans',
};

const sexualOrientationTexts: Record<(typeof sexualOrientations)[number], string> = {
  straight: 'Straight',
  lesbian: 'Lesbian',
  gay: 'Gay',
  bisexual: 'Bisexual',
  transgender: 'Transgender',
};

const options = (pairs: [value: string, text: string][]): TOption[] =>
  pairs.map(([value, text]) => ({ value, text }));

const CM_PER_INCH = 2.54;
const LB_PER_KG = 2.204_62;

/** 4'7" to 6'8", one inch apart; the value is whole centimetres so it sorts and compares. */
const heights = (): TOption[] => {
  const list: TOption[] = [];
  for (let inches = 55; inches <= 80; inches++) {
    const cm = Math.round(inches * CM_PER_INCH);
    list.push({ value: String(cm), text: `${Math.floor(inches / 12)}'${inches % 12}" (${cm} cm)` });
  }
  return list;
};

/** 40 to 150 kg, 5 kg apart; the value is kilograms. */
const weights = (): TOption[] => {
  const list: TOption[] = [];
  for (let kg = 40; kg <= 150; kg += 5) {
    list.push({ value: String(kg), text: `${kg} kg (${Math.round(kg * LB_PER_KG)} lb)` });
  }
  return list;
};

export const userAdditional: TUserAdditional = {
  genders: genders.map((value) => ({ value, text: genderTexts[value] })),
  sexualOrientations: sexualOrientations.map((value) => ({ value, text: sexualOrientationTexts[value] })),
  ethnicities: options([
    ['asian', 'Asian'],
    ['black', 'Black'],
    ['hispanic', 'Hispanic / Latin'],
    ['middle-eastern', 'Middle Eastern'],
    ['native-american', 'Native American'],
    ['pacific-islander', 'Pacific Islander'],
    ['south-asian', 'South Asian'],
    ['white', 'White'],
    ['mixed', 'Mixed'],
    ['other', 'Other'],
  ]),
  heights: heights(),
  weights: weights(),
  hairs: options([
    ['black', 'Black'],
    ['brown', 'Brown'],
    ['blonde', 'Blonde'],
    ['red', 'Red'],
    ['auburn', 'Auburn'],
    ['grey', 'Grey'],
    ['white', 'White'],
    ['colored', 'Colored'],
    ['bald', 'Bald'],
    ['other', 'Other'],
  ]),
  eyes: options([
    ['brown', 'Brown'],
    ['blue', 'Blue'],
    ['green', 'Green'],
    ['hazel', 'Hazel'],
    ['grey', 'Grey'],
    ['amber', 'Amber'],
    ['other', 'Other'],
  ]),
  butts: options([
    ['small', 'Small'],
    ['medium', 'Medium'],
    ['large', 'Large'],
    ['extra-large', 'Extra large'],
  ]),
  bodyTypes: options([
    ['petite', 'Petite'],
    ['slim', 'Slim'],
    ['athletic', 'Athletic'],
    ['average', 'Average'],
    ['curvy', 'Curvy'],
    ['muscular', 'Muscular'],
    ['plus-size', 'Plus size'],
  ]),
};
