import { type TFeedType, ZFeedCreateRequest, ZGalleryCreate, ZUpdatePerformerMe } from '@fanstage/contract';
import { eq, performerProfiles, sql, subscriptions } from '@fanstage/db';
import type { AppContext } from '../context';
import { createGallery } from '../modules/assets/galleries.service';
import { uploadPhotos } from '../modules/assets/photos.service';
import { createProduct } from '../modules/assets/products.service';
import { uploadVideo } from '../modules/assets/videos.service';
import type { Actor } from '../modules/auth/sessions';
import { createFeed } from '../modules/feeds/feeds.service';
import type { TempUpload } from '../modules/files/files.upload';
import { followPerformer } from '../modules/follows/follows.service';
import { uploadFeedMedia } from '../modules/media/media.service';
import { updateMyProfile } from '../modules/performers/performers.service';
import type { DemoAccount } from './demo-accounts';
import { renderJpeg, type SceneKind, sceneKinds, sceneSvg } from './demo-images';
import { audioUpload, bytesUpload, videoUpload } from './demo-media';

/**
 * The demo content: prices, posts of every kind, galleries, videos and products per creator, and
 * the fans' follows, subscriptions and one purchase. Everything a creator makes goes through the
 * services the routes call (as that creator), so the seeded data obeys the same rules.
 */

export interface DemoContentOptions {
  /** Make and upload the demo videos (ffmpeg); tests may leave them out. Default: on. */
  videos?: boolean;
}

export interface SeededPerson {
  id: string;
  account: DemoAccount;
}

export interface DemoContentResult {
  /** Fan username → the creators (usernames) they are subscribed to. */
  subscriptions: Map<string, string[]>;
  /** The fan who bought a PPV post, and whose post it is. */
  /** The demo purchase to make once the fans have money (the wallet seed charges it through the ledger). */
  purchase: {
    fan: string;
    creator: string;
    fanId: string;
    performerId: string;
    feedId: string;
    priceCents: number;
  } | null;
  /** Video and audio files left for the transcode job. */
  queuedMedia: number;
}

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

const actorOf = (person: SeededPerson): Actor => ({
  id: person.id,
  sessionId: 'demo-seed',
  role: person.account.role,
  status: 'active',
  documentsVerified: person.account.role === 'performer' ? true : undefined,
});

/** The app context with its clock set back, so a post is published (and its poll ends) in the past. */
const at = (ctx: AppContext, time: Date): AppContext => ({ ...ctx, clock: { now: () => new Date(time) } });

interface CreatorPlan {
  monthly: number;
  free: boolean;
  welcome: string;
  socials: { instagram?: string; twitter?: string; tiktok?: string; website?: string };
  pinned: string;
  texts: string[];
  photoCaptions: [string, string];
  ppvPrice: number | null;
  poll: { question: string; options: string[]; open: boolean } | null;
  audio: { caption: string; notes: number[] } | null;
  video: { caption: string; price: number | null } | null;
  assetVideo: string | null;
  galleries: { title: string; description: string; price: number | null }[];
  products: { physical: [string, string, number, number]; digital: [string, string, number] };
}

const plans: Record<string, CreatorPlan> = {
  'luna.rivers': {
    monthly: 9.99,
    free: false,
    welcome: 'Hey, welcome in! New demos drop every Friday — tell me which ones you want finished.',
    socials: {
      instagram: 'https://instagram.com/luna.rivers.demo',
      website: 'https://lunarivers.example.com',
    },
    pinned:
      'Start here: every Friday a new demo, every month a live acoustic set for subscribers. Thank you for being here ♥',
    texts: [
      'Wrote three verses at 2am and deleted two. The third one is a keeper.',
      'Soundcheck went long tonight, but the new monitors sound amazing.',
    ],
    photoCaptions: [
      'Golden hour from the studio roof.',
      'Behind the scenes of the "Night Drive" shoot — the full set, just for you.',
    ],
    ppvPrice: 6.99,
    poll: {
      question: 'Which song should I finish first?',
      options: ['Night Drive', 'Paper Moons', 'Slow River'],
      open: true,
    },
    audio: {
      caption: 'Little melody I hummed into my phone this morning.',
      notes: [392, 440, 494, 587, 494, 440, 392, 330],
    },
    video: { caption: 'Rehearsal clip: the bridge of "Paper Moons".', price: null },
    assetVideo: 'Studio session, part one',
    galleries: [
      { title: 'Tour diary', description: 'Snapshots from the spring dates.', price: null },
      { title: 'Album artwork drafts', description: 'Every cover idea that did not make it.', price: 8.99 },
    ],
    products: {
      physical: ['Signed poster', 'A2 print of the tour poster, signed by hand.', 19.99, 25],
      digital: ['Acoustic demos (digital)', 'Five early demos as a download.', 7.99],
    },
  },
  'mateo.alves': {
    monthly: 7.99,
    free: false,
    welcome: 'Bem-vindo! Sunrise sets every morning, gear talk on Sundays.',
    socials: {
      instagram: 'https://instagram.com/mateo.surf.demo',
      tiktok: 'https://tiktok.com/@mateo.alves.demo',
    },
    pinned: 'New here? The best swells of the season are in the galleries. Ask me anything about gear!',
    texts: [
      'Offshore wind, glassy waves, nobody out. Best morning of the month.',
      'Lens tip: a cheap UV filter saves your front element from salt spray.',
    ],
    photoCaptions: ['This morning in Joaquina.', 'The full sunrise set from Saturday — raw, unedited.'],
    ppvPrice: 4.99,
    poll: {
      question: 'Next video: gear review or surf trip?',
      options: ['Gear review', 'Surf trip'],
      open: false,
    },
    audio: null,
    video: { caption: 'Drone pass over the point break.', price: 5.99 },
    assetVideo: 'Morning session, slow motion',
    galleries: [
      { title: 'Sunrise collection', description: 'My favourite frames of the season.', price: 12.99 },
    ],
    products: {
      physical: ['Sunrise print', 'Fine-art print, 30×40 cm.', 34.99, 12],
      digital: ['Lightroom presets', 'Eight presets for ocean light.', 9.99],
    },
  },
  'priya.nair': {
    monthly: 4.99,
    free: true,
    welcome: 'Namaste and welcome! Roll out your mat — the morning flows are waiting.',
    socials: { instagram: 'https://instagram.com/priya.yoga.demo', website: 'https://priyanair.example.com' },
    pinned:
      'Welcome! Start with the 10-minute morning flow, then come back tomorrow. Consistency beats intensity.',
    texts: [
      'Reminder: rest days count as practice too.',
      'Sunday class is moving to 9am starting next week.',
    ],
    photoCaptions: ['Morning light in the studio.', 'Weekend retreat photos — thank you all for coming!'],
    ppvPrice: null,
    poll: null,
    audio: null,
    video: null,
    assetVideo: null,
    galleries: [
      { title: 'Studio mornings', description: 'Quiet moments before class.', price: null },
      { title: 'Retreat 2026', description: 'The full retreat album.', price: 5.99 },
    ],
    products: {
      physical: ['Cork yoga block', 'Natural cork, eco-friendly.', 24.99, 40],
      digital: ['30-day flow plan (PDF)', 'A printable plan for a month of practice.', 4.99],
    },
  },
  'kenji.morita': {
    monthly: 12.99,
    free: false,
    welcome: 'Thanks for subscribing! Ask me for any recipe — I answer every Sunday.',
    socials: { twitter: 'https://twitter.com/kenji_demo' },
    pinned:
      'Welcome to the kitchen. Recipe cards are in the products tab; weekly live cook-alongs for subscribers.',
    texts: [
      'Dashi is just patience in a pot.',
      'Knife sharpening livestream on Thursday — bring your dullest blade.',
    ],
    photoCaptions: ['Tonight: miso glazed aubergine.', 'Step-by-step ramen from scratch, every photo.'],
    ppvPrice: 9.99,
    poll: null,
    audio: {
      caption: 'The sound of the kitchen timer song my grandmother used to hum.',
      notes: [262, 294, 330, 392, 440, 392, 330, 294],
    },
    video: null,
    assetVideo: null,
    galleries: [{ title: 'Market mornings', description: 'Tsukiji and beyond.', price: 7.99 }],
    products: {
      physical: ['Chef knife roll', 'Waxed canvas roll for six knives.', 49.99, 8],
      digital: ['Recipe cards', 'Twenty recipes as printable cards.', 5.99],
    },
  },
  'sofia.marin': {
    monthly: 14.99,
    free: false,
    welcome: '¡Hola! Sketchbook pages every week, and the full comic each month.',
    socials: {
      instagram: 'https://instagram.com/sofia.draws.demo',
      website: 'https://sofiamarin.example.com',
    },
    pinned: 'Welcome! Chapter one of "Salt and Ink" is pinned in the galleries — enjoy.',
    texts: [
      'Inked twelve panels today. My wrist is filing a complaint.',
      'New brushes arrived — tests coming tomorrow.',
    ],
    photoCaptions: ['Colour studies for the new cover.', 'The full process: sketch, inks, flats, final.'],
    ppvPrice: 3.99,
    poll: null,
    audio: null,
    video: { caption: 'Timelapse: one page from pencil to colour.', price: null },
    assetVideo: null,
    galleries: [
      { title: 'Sketchbook', description: 'Loose pages and doodles.', price: null },
      { title: 'Salt and Ink — chapter one', description: 'The complete first chapter.', price: 9.99 },
    ],
    products: {
      physical: ['Art print set', 'Three A4 prints on heavy paper.', 29.99, 20],
      digital: ['Brush pack', 'My twelve favourite digital brushes.', 6.99],
    },
  },
  'rowan.blake': {
    monthly: 5.99,
    free: false,
    welcome: 'Welcome to the crew! Start with week one of the beginner program.',
    socials: {
      instagram: 'https://instagram.com/rowan.lifts.demo',
      tiktok: 'https://tiktok.com/@rowan.blake.demo',
    },
    pinned: 'New? Week one of the beginner program is right here. Form first, weight later.',
    texts: ['PR day! Deadlift 140 kg, felt smooth.', 'Sleep is the best supplement and it is free.'],
    photoCaptions: [
      'Gym at 6am: the calm before the rush.',
      'Form check photos: squat depth, the right way.',
    ],
    ppvPrice: 7.49,
    poll: null,
    audio: null,
    video: { caption: 'Warm-up routine in under five minutes.', price: null },
    assetVideo: null,
    galleries: [{ title: 'Progress pictures', description: 'A year of training.', price: 4.99 }],
    products: {
      physical: ['Training resistance band', 'Heavy-duty band, three levels.', 14.99, 60],
      digital: ['12-week program', 'The complete program as a download.', 19.99],
    },
  },
};

/** Which fans follow (index into the creators) and subscribe to whom; fans not listed only follow. */
const subscriptionPlan: Record<string, string[]> = {
  'ava.thompson': ['luna.rivers', 'mateo.alves'],
  'noah.becker': ['priya.nair'],
  'chloe.laurent': ['kenji.morita', 'sofia.marin'],
};
/** Ava bought one of Luna's PPV posts: she sees it unlocked, the other one locked. */
const purchasePlan = { fan: 'ava.thompson', creator: 'luna.rivers' };

/** Runs `work` over items, at most `limit` at a time (sharp and ffmpeg use the cores themselves). */
async function inPool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

/**
 * A demo clip is made and read by this machine's ffmpeg. When that fails (no ffmpeg, an old build,
 * uploads refused in production), the clip's post is left out with a warning: the rest of the demo
 * site is still seeded, and the server still starts.
 */
async function optionalMedia<T>(ctx: AppContext, what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    ctx.log.warn({ err }, `demo ${what} left out: ffmpeg could not make or read its clip`);
    return null;
  }
}

/** Uploads, then removes the temp file whatever happens. */
async function withUpload<T>(upload: Promise<TempUpload>, use: (u: TempUpload) => Promise<T>): Promise<T> {
  const u = await upload;
  try {
    return await use(u);
  } finally {
    await u.remove();
  }
}

async function withUploads<T>(uploads: Promise<TempUpload>[], use: (u: TempUpload[]) => Promise<T>) {
  const list = await Promise.all(uploads);
  try {
    return await use(list);
  } finally {
    await Promise.all(list.map((u) => u.remove()));
  }
}

function picture(
  ctx: AppContext,
  options: { seed: string; palette: number; index: number; kind?: SceneKind; portrait?: boolean },
) {
  const kind = options.kind ?? sceneKinds[options.index % sceneKinds.length]!;
  const [width, height] = options.portrait ? [900, 1125] : [1200, 900];
  const svg = sceneSvg({
    kind,
    seed: `${options.seed}:${options.index}`,
    palette: options.palette,
    width,
    height,
  });
  return renderJpeg(svg).then((bytes) => bytesUpload(ctx, `${kind}-${options.index + 1}.jpg`, bytes));
}

interface CreatorState {
  person: SeededPerson;
  actor: Actor;
  plan: CreatorPlan;
  /** PPV posts, for the demo purchase. */
  ppvPostIds: string[];
  /** Place among all demo creators: picks the clip generator and spreads the post times. */
  index: number;
}

async function seedProfile(ctx: AppContext, s: CreatorState) {
  const { plan } = s;
  const input = ZUpdatePerformerMe.parse({
    monthlyPrice: plan.monthly,
    yearlyPrice: Math.round(plan.monthly * 10 * 100 - 9) / 100,
    freeSubscriptionEnabled: plan.free,
    welcomeMessage: plan.welcome,
    socials: plan.socials,
  });
  await updateMyProfile(ctx, { actor: s.actor, input });
}

async function post(
  ctx: AppContext,
  s: CreatorState,
  time: Date,
  input: { type: TFeedType } & Record<string, unknown>,
) {
  const feed = await createFeed(at(ctx, time), { actor: s.actor, input: ZFeedCreateRequest.parse(input) });
  if (feed.isSale && feed.price > 0) s.ppvPostIds.push(feed._id);
  return feed;
}

async function uploadPhotosForPost(ctx: AppContext, s: CreatorState, count: number, from: number) {
  const palette = s.person.account.palette;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = await withUpload(
      picture(ctx, { seed: s.person.account.username, palette, index: from + i, portrait: i % 3 === 2 }),
      (upload) => uploadFeedMedia(ctx, { actor: s.actor, kind: 'photo', upload }),
    );
    ids.push(file._id);
  }
  return ids;
}

/** Posts without video, galleries and products of one creator. */
async function seedCreatorContent(ctx: AppContext, s: CreatorState, index: number, now: number) {
  const { plan } = s;
  const ago = (days: number, hours = 0) =>
    new Date(now - days * dayMs - hours * hourMs - index * 37 * 60_000);
  await seedProfile(ctx, s);

  await post(ctx, s, ago(29, 3), { type: 'text', text: plan.pinned, isPinned: true });
  await post(ctx, s, ago(22, 5), { type: 'text', text: plan.texts[0]!, isSale: true, price: 0 });
  await post(ctx, s, ago(3, 2), { type: 'text', text: plan.texts[1]! });
  await post(ctx, s, ago(17, 1), {
    type: 'photo',
    text: plan.photoCaptions[0],
    fileIds: await uploadPhotosForPost(ctx, s, 2 + (index % 2), 0),
  });
  await post(ctx, s, ago(9, 4), {
    type: 'photo',
    text: plan.photoCaptions[1],
    fileIds: await uploadPhotosForPost(ctx, s, 3 + (index % 2), 10),
    ...(plan.ppvPrice ? { isSale: true, price: plan.ppvPrice } : {}),
  });
  if (plan.ppvPrice) {
    await post(ctx, s, ago(5, 6), {
      type: 'text',
      text: 'The full story behind this month — the long version, for those who want it.',
      isSale: true,
      price: Math.round((plan.ppvPrice + 1) * 100) / 100,
    });
  }
  if (plan.poll) {
    // The open poll ends in a week; the other ended days ago.
    const created = plan.poll.open ? ago(2) : ago(12);
    await post(ctx, s, created, {
      type: 'poll',
      text: plan.poll.question,
      pollOptions: plan.poll.options,
      pollExpiredAt: new Date(created.getTime() + (plan.poll.open ? 9 : 4) * dayMs).toISOString(),
    });
  }
  if (plan.audio) {
    const audio = plan.audio;
    const file = await optionalMedia(ctx, 'audio post', () =>
      withUpload(
        audioUpload(ctx, { filename: 'melody.m4a', notes: audio.notes, noteSeconds: 0.6 }),
        (upload) => uploadFeedMedia(ctx, { actor: s.actor, kind: 'audio', upload }),
      ),
    );
    if (file) await post(ctx, s, ago(6, 1), { type: 'audio', text: audio.caption, fileIds: [file._id] });
  }
  if (index === 0) {
    // One post waits for its time: the creator sees it as scheduled, fans do not see it yet.
    await post(ctx, s, new Date(now), {
      type: 'text',
      text: 'Tomorrow: the full live set from last weekend. Set a reminder!',
      scheduledAt: new Date(now + 2 * dayMs).toISOString(),
    });
  }

  for (const [g, gallery] of plan.galleries.entries()) {
    const created = await createGallery(ctx, {
      actor: s.actor,
      input: ZGalleryCreate.parse({
        title: gallery.title,
        description: gallery.description,
        isSale: gallery.price !== null,
        price: gallery.price ?? 0,
      }),
    });
    const count = 4 + ((index + g) % 3);
    const palette = s.person.account.palette + g;
    await withUploads(
      Array.from({ length: count }, (_, i) =>
        picture(ctx, { seed: `${s.person.account.username}:g${g}`, palette, index: i }),
      ),
      (uploads) => uploadPhotos(ctx, { actor: s.actor, fields: { galleryId: created._id }, uploads }),
    );
  }

  const [name, description, price, stock] = plan.products.physical;
  await withUploads(
    [
      picture(ctx, {
        seed: `${s.person.account.username}:product`,
        palette: s.person.account.palette,
        index: 0,
        kind: 'product',
      }),
    ],
    (image) =>
      createProduct(ctx, {
        actor: s.actor,
        fields: { name, description, type: 'physical', price, stock },
        files: { image },
      }),
  );
  const [dName, dDescription, dPrice] = plan.products.digital;
  await withUploads(
    [
      picture(ctx, {
        seed: `${s.person.account.username}:digital`,
        palette: s.person.account.palette + 1,
        index: 2,
      }),
      bytesUpload(ctx, 'readme.txt', Buffer.from(`${dName}\n\n${dDescription}\nThanks for your support!\n`)),
    ],
    ([image, digital]) =>
      createProduct(ctx, {
        actor: s.actor,
        fields: { name: dName, description: dDescription, type: 'digital', price: dPrice },
        files: { image: [image!], digitalFile: [digital!] },
      }),
  );
}

/** The video post and the asset video of one creator: uploaded and queued, not waited for. */
async function seedCreatorVideos(
  ctx: AppContext,
  s: CreatorState,
  index: number,
  now: number,
): Promise<number> {
  const { plan } = s;
  let queued = 0;
  if (plan.video) {
    const video = plan.video;
    const file = await optionalMedia(ctx, 'video post', () =>
      withUpload(
        videoUpload(ctx, { filename: 'clip.mp4', source: index, seconds: 5, toneHz: 330 + index * 55 }),
        (upload) => uploadFeedMedia(ctx, { actor: s.actor, kind: 'video', upload }),
      ),
    );
    if (file) {
      queued++;
      await post(ctx, s, new Date(now - (4 + index) * dayMs), {
        type: 'video',
        text: video.caption,
        fileIds: [file._id],
        ...(video.price ? { isSale: true, price: video.price } : {}),
      });
    }
  }
  if (plan.assetVideo) {
    const made = await optionalMedia(ctx, 'video', () =>
      withUploads(
        [
          videoUpload(ctx, {
            filename: 'session.mp4',
            source: index + 2,
            seconds: 6,
            toneHz: 262 + index * 40,
          }),
        ],
        (file) =>
          uploadVideo(ctx, {
            actor: s.actor,
            fields: {
              title: plan.assetVideo,
              description: 'A short clip from the archive.',
              tags: 'demo,studio',
            },
            files: { file },
          }),
      ),
    );
    if (made) queued++;
  }
  return queued;
}

function statesOf(options: { creators: SeededPerson[]; allCreators: SeededPerson[] }): CreatorState[] {
  return options.creators
    .filter((c) => plans[c.account.username])
    .map((person) => ({
      person,
      actor: actorOf(person),
      plan: plans[person.account.username]!,
      ppvPostIds: [],
      index: options.allCreators.findIndex((c) => c.id === person.id),
    }));
}

/** The video posts and asset videos of these creators; answers how many files wait for a transcode. */
export async function seedDemoVideos(
  ctx: AppContext,
  options: { creators: SeededPerson[]; allCreators: SeededPerson[] },
): Promise<number> {
  const now = ctx.clock.now().getTime();
  let queued = 0;
  for (const s of statesOf(options)) queued += await seedCreatorVideos(ctx, s, s.index, now);
  return queued;
}

/** Seeds the content of the creators and the fans' follows, subscriptions and purchase. */
export async function seedDemoContent(
  ctx: AppContext,
  options: {
    creators: SeededPerson[];
    fans: SeededPerson[];
    allCreators: SeededPerson[];
  } & DemoContentOptions,
): Promise<DemoContentResult> {
  const now = ctx.clock.now().getTime();
  const states = statesOf(options);
  await inPool(states, 2, (s) => seedCreatorContent(ctx, s, s.index, now));
  let queuedMedia = states.reduce((n, s) => n + (s.plan.audio ? 1 : 0), 0);
  // Videos last: their transcodes start at once and should not slow the pictures down.
  if (options.videos !== false) queuedMedia += await seedDemoVideos(ctx, options);

  // Fans: each follows two to four creators; three hold subscriptions; one bought a PPV post.
  const byUsername = new Map(options.allCreators.map((c) => [c.account.username, c]));
  const result: DemoContentResult = { subscriptions: new Map(), purchase: null, queuedMedia };
  for (const [f, fan] of options.fans.entries()) {
    const subscribed = (subscriptionPlan[fan.account.username] ?? []).flatMap((u) => byUsername.get(u) ?? []);
    const count = 2 + (f % 3);
    const followed = new Set(subscribed.map((c) => c.id));
    for (
      let k = 0;
      followed.size < Math.max(count, subscribed.length) && k < options.allCreators.length;
      k++
    ) {
      followed.add(options.allCreators[(f + k * 2) % options.allCreators.length]!.id);
    }
    for (const performerId of followed)
      await followPerformer(ctx, { actor: actorOf(fan), country: null, performerId });
    if (subscribed.length === 0) continue;
    await ctx.db.db.transaction(async (tx) => {
      for (const [k, creator] of subscribed.entries()) {
        const startedAt = new Date(now - (10 + f * 3 + k * 4) * dayMs);
        await tx.insert(subscriptions).values({
          fanId: fan.id,
          performerId: creator.id,
          type: 'monthly',
          startedAt,
          expiredAt: new Date(startedAt.getTime() + 30 * dayMs),
          createdAt: startedAt,
        });
        await tx
          .update(performerProfiles)
          .set({ subscribersCount: sql`${performerProfiles.subscribersCount} + 1` })
          .where(eq(performerProfiles.userId, creator.id));
      }
    });
    result.subscriptions.set(
      fan.account.username,
      subscribed.map((c) => c.account.username),
    );
  }

  const buyer = options.fans.find((f) => f.account.username === purchasePlan.fan);
  const seller = states.find((s) => s.person.account.username === purchasePlan.creator);
  const bought = seller?.ppvPostIds[0];
  if (buyer && seller && bought) {
    result.purchase = {
      ...purchasePlan,
      fanId: buyer.id,
      performerId: seller.person.id,
      feedId: bought,
      priceCents: Math.round((seller.plan.ppvPrice ?? 0) * 100),
    };
  }
  return result;
}
