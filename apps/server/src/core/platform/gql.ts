// Every GraphQL document the server sends to the platform is written with the `gql` tag: the
// platform client takes nothing else, and the schema conformance test finds each tagged
// document in the source and checks it against the platform's published schema. A
// substitution may only be another tagged document (a fragment), placed as written, so what
// the source says is exactly what is sent.
declare const documentBrand: unique symbol;

/** A GraphQL document written with `gql`. */
export type GraphqlDocument = string & { readonly [documentBrand]: true };

export function gql(
  strings: TemplateStringsArray,
  ...fragments: readonly GraphqlDocument[]
): GraphqlDocument {
  let text = strings[0] ?? '';
  fragments.forEach((fragment, i) => {
    text += fragment + (strings[i + 1] ?? '');
  });
  return text as GraphqlDocument;
}
