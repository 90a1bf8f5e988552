/**
 * The people of the demo site. Invented names and bios; every account of a role shares one
 * password, which is fine for a laptop demo and is printed at the end of the seed.
 */

export type DemoRole = 'admin' | 'performer' | 'user';
export type DemoGender = 'male' | 'female' | 'transgender';

export interface DemoAccount {
  role: DemoRole;
  name: string;
  username: string;
  gender: DemoGender | null;
  /** Index into the image palettes, so neighbours in a list do not look alike. */
  palette: number;
}

export interface DemoCreator extends DemoAccount {
  role: 'performer';
  country: string;
  /** A fixed date far more than 18 years back, so the seed stays valid in any year it runs. */
  dateOfBirth: string;
  bio: string;
}

export const demoPasswords: Record<DemoRole, string> = {
  admin: 'adminpass123',
  performer: 'creatorpass123',
  user: 'fanpass123',
};

export const demoEmailDomain = 'fanstage.local';
export const demoEmailOf = (account: Pick<DemoAccount, 'role' | 'username'>) =>
  account.role === 'admin' ? `admin@${demoEmailDomain}` : `${account.username}@${demoEmailDomain}`;

// `admin` itself is a reserved username (it is a top-level route).
export const demoAdmin: DemoAccount = {
  role: 'admin',
  name: 'Site Admin',
  username: 'siteadmin',
  gender: null,
  palette: 9,
};

export const demoCreators: DemoCreator[] = [
  {
    role: 'performer',
    name: 'Luna Rivers',
    username: 'luna.rivers',
    gender: 'female',
    palette: 0,
    country: 'US',
    dateOfBirth: '1996-04-17',
    bio: 'Singer-songwriter from Austin writing late-night acoustic songs. Subscribers hear every demo first and vote on what makes the album.',
  },
  {
    role: 'performer',
    name: 'Mateo Alves',
    username: 'mateo.alves',
    gender: 'male',
    palette: 1,
    country: 'BR',
    dateOfBirth: '1991-09-02',
    bio: 'Surf photographer based in Florianópolis. Daily sunrise sets, gear notes and the occasional wipeout.',
  },
  {
    role: 'performer',
    name: 'Priya Nair',
    username: 'priya.nair',
    gender: 'female',
    palette: 2,
    country: 'GB',
    dateOfBirth: '1994-01-23',
    bio: 'Yoga teacher in London. Short morning flows, longer weekend classes and honest talk about staying consistent.',
  },
  {
    role: 'performer',
    name: 'Kenji Morita',
    username: 'kenji.morita',
    gender: 'male',
    palette: 3,
    country: 'JP',
    dateOfBirth: '1988-11-30',
    bio: 'Home cook from Osaka sharing weeknight Japanese recipes. Every dish comes with a shopping list that works outside Japan.',
  },
  {
    role: 'performer',
    name: 'Sofía Marín',
    username: 'sofia.marin',
    gender: 'female',
    palette: 4,
    country: 'ES',
    dateOfBirth: '1998-06-08',
    bio: 'Illustrator and comic artist in Valencia. Sketchbook pages, process videos and a new short story every month.',
  },
  {
    role: 'performer',
    name: 'Rowan Blake',
    username: 'rowan.blake',
    gender: 'transgender',
    palette: 5,
    country: 'CA',
    dateOfBirth: '1993-02-14',
    bio: 'Fitness coach in Vancouver. Strength programs for beginners, form checks and a lot of encouragement.',
  },
];

const fan = (name: string, username: string, gender: DemoGender | null, palette: number): DemoAccount => ({
  role: 'user',
  name,
  username,
  gender,
  palette,
});

export const demoFans: DemoAccount[] = [
  fan('Ava Thompson', 'ava.thompson', 'female', 6),
  fan('Noah Becker', 'noah.becker', 'male', 7),
  fan('Chloé Laurent', 'chloe.laurent', 'female', 8),
  fan('Daniel Okafor', 'daniel.okafor', 'male', 1),
  fan('Mia Kowalski', 'mia.kowalski', 'female', 3),
  fan('Lucas Ferreira', 'lucas.ferreira', 'male', 0),
  fan('Emma Lindqvist', 'emma.lindqvist', 'female', 5),
  fan('Sam Carter', 'sam.carter', 'transgender', 2),
  fan('Hiro Tanaka', 'hiro.tanaka', 'male', 4),
  fan('Zoe Martins', 'zoe.martins', null, 7),
];
