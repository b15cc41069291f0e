// An estimate of Shopify's calculated query cost for the `extensions.cost` block: objects
// cost 1, connections 2 plus the page size, mutations 10. Scalars are free.
import {
  TypeInfo,
  getNamedType,
  isCompositeType,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';

export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): number {
  const typeInfo = new TypeInfo(schema);
  let cost = 0;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        if (node.operation === 'mutation') cost += 10;
      },
      Field(node) {
        const type = typeInfo.getType();
        if (!type) return;
        const named = getNamedType(type);
        if (!isCompositeType(named)) return;
        if (typeInfo.getParentType()?.name === 'Mutation') return;
        if (named.name.endsWith('Connection')) {
          const size = node.arguments?.find(
            (a) => a.name.value === 'first' || a.name.value === 'last',
          );
          let pageSize = 1;
          if (size?.value.kind === 'IntValue') pageSize = Number(size.value.value);
          else if (size?.value.kind === 'Variable')
            pageSize = Number(variables[size.value.name.value] ?? 1);
          cost += 2 + (Number.isFinite(pageSize) ? pageSize : 1);
        } else {
          cost += 1;
        }
      },
    }),
  );
  return cost;
}
