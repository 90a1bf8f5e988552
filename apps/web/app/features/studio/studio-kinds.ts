/** One kind of item the studio lists and edits: its word, singular and plural, and its list page. */
export interface StudioKind {
  one: string;
  many: string;
  listPath: string;
}

export const galleryKind: StudioKind = { one: 'gallery', many: 'galleries', listPath: '/creator/galleries' };
export const photoKind: StudioKind = { one: 'photo', many: 'photos', listPath: '/creator/photos' };
export const videoKind: StudioKind = { one: 'video', many: 'videos', listPath: '/creator/videos' };
export const productKind: StudioKind = { one: 'product', many: 'products', listPath: '/creator/products' };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The words every kind shares on its edit page and in its delete dialog, so they read alike. */
export const kindWords = (kind: StudioKind) => ({
  back: `My ${kind.many}`,
  notFoundTitle: `${capitalized(kind.one)} not found`,
  notFoundHelp: `It may have been deleted. Go back to your ${kind.many} to pick another one.`,
  deleteButton: `Delete this ${kind.one}`,
  deleteQuestion: `Delete this ${kind.one}?`,
  deleted: `${capitalized(kind.one)} deleted`,
});
