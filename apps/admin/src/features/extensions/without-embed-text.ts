// What a store without the app embed gets, in plain words: the embed is the only way the
// storefront loads Gatehouse, so without it no visitor is checked.
export const WITHOUT_EMBED_TEXT =
  'Without the app embed, your store has no protection at all: no visitor is checked.';
