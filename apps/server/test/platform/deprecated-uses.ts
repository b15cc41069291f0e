// What in a GraphQL document, or in the emulator's schema, the published schema marks
// deprecated: fields, arguments, input fields written in the document, and enum values. Each is
// one line naming the schema coordinate and the published reason.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';

const line = (coordinate: string, reason: string) => `${coordinate}: deprecated (${reason})`;

/** The deprecated fields, arguments, input fields and enum values the document uses. */
export function deprecatedUses(schema: GraphQLSchema, document: DocumentNode): string[] {
  const out: string[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (field?.deprecationReason && parent) {
          out.push(line(`${parent.name}.${node.name.value}`, field.deprecationReason));
        }
      },
      Argument(node) {
        const argument = typeInfo.getArgument();
        const field = typeInfo.getFieldDef();
        if (argument?.deprecationReason) {
          out.push(line(`${field?.name ?? '?'}(${node.name.value})`, argument.deprecationReason));
        }
      },
      ObjectField(node) {
        const parent = getNamedType(typeInfo.getParentInputType());
        if (isInputObjectType(parent)) {
          const field = parent.getFields()[node.name.value];
          if (field?.deprecationReason) {
            out.push(line(`${parent.name}.${node.name.value}`, field.deprecationReason));
          }
        }
      },
      EnumValue(node) {
        const value = typeInfo.getEnumValue();
        const type = typeInfo.getInputType();
        if (value?.deprecationReason) {
          out.push(line(`${String(type)}.${node.value}`, value.deprecationReason));
        }
      },
    }),
  );
  return out;
}

/** What the emulator's schema declares that the published schema marks deprecated. */
export function deprecatedDeclarations(ours: GraphQLSchema, published: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const type of Object.values(ours.getTypeMap())) {
    const theirs = published.getType(type.name);
    if (type.name.startsWith('__') || !theirs) continue;
    if ((isObjectType(type) || isInterfaceType(type)) && 'getFields' in theirs) {
      const theirFields = (theirs as typeof type).getFields();
      for (const field of Object.values(type.getFields())) {
        const published = theirFields[field.name];
        if (published?.deprecationReason) {
          out.push(line(`${type.name}.${field.name}`, published.deprecationReason));
        }
        for (const arg of field.args) {
          const reason = published?.args.find((a) => a.name === arg.name)?.deprecationReason;
          if (reason) out.push(line(`${type.name}.${field.name}(${arg.name})`, reason));
        }
      }
    }
    if (isInputObjectType(type) && isInputObjectType(theirs)) {
      for (const field of Object.values(type.getFields())) {
        const reason = theirs.getFields()[field.name]?.deprecationReason;
        if (reason) out.push(line(`${type.name}.${field.name}`, reason));
      }
    }
    if (isEnumType(type) && isEnumType(theirs)) {
      for (const value of type.getValues()) {
        const reason = theirs.getValue(value.name)?.deprecationReason;
        if (reason) out.push(line(`${type.name}.${value.name}`, reason));
      }
    }
  }
  return out;
}
