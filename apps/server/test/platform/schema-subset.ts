// Where one GraphQL schema (the emulator's) says more than, or otherwise than, another (the
// platform's published one): a type, field, argument, input field, enum value, union member
// or interface the published schema lacks, a different type or default, and an argument or
// input field the published schema requires that the emulator does without. Each difference
// is one line naming the schema coordinate.
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLSchema,
} from 'graphql';

type Input = GraphQLArgument | GraphQLInputField;

const required = (input: Input) =>
  String(input.type).endsWith('!') && input.defaultValue === undefined;

function compareInputs(
  at: string,
  ours: readonly Input[],
  theirs: readonly Input[],
  out: string[],
): void {
  for (const input of ours) {
    const published = theirs.find((t) => t.name === input.name);
    if (!published) {
      out.push(`${at}.${input.name}: not in the published schema`);
      continue;
    }
    if (String(input.type) !== String(published.type)) {
      out.push(`${at}.${input.name}: ${String(input.type)}, published ${String(published.type)}`);
    }
    if (JSON.stringify(input.defaultValue) !== JSON.stringify(published.defaultValue)) {
      out.push(
        `${at}.${input.name}: default ${JSON.stringify(input.defaultValue)}, published ${JSON.stringify(published.defaultValue)}`,
      );
    }
  }
  for (const published of theirs) {
    if (required(published) && !ours.some((i) => i.name === published.name)) {
      out.push(`${at}.${published.name}: required by the published schema, missing`);
    }
  }
}

/** Every way `ours` is not a subset of `published`. */
export function subsetDifferences(ours: GraphQLSchema, published: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const type of Object.values(ours.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const theirs = published.getType(type.name);
    if (!theirs) {
      out.push(`${type.name}: not in the published schema`);
      continue;
    }
    if (theirs.constructor !== type.constructor) {
      out.push(`${type.name}: ${type.constructor.name}, published ${theirs.constructor.name}`);
      continue;
    }
    if ((isObjectType(type) || isInterfaceType(type)) && 'getFields' in theirs) {
      const theirFields = (theirs as typeof type).getFields();
      for (const field of Object.values(type.getFields())) {
        const published = theirFields[field.name];
        if (!published) {
          out.push(`${type.name}.${field.name}: not in the published schema`);
          continue;
        }
        if (String(field.type) !== String(published.type)) {
          out.push(
            `${type.name}.${field.name}: ${String(field.type)}, published ${String(published.type)}`,
          );
        }
        compareInputs(`${type.name}.${field.name}`, field.args, published.args, out);
      }
      const interfaces = (theirs as typeof type).getInterfaces().map((i) => i.name);
      for (const i of type.getInterfaces()) {
        if (!interfaces.includes(i.name))
          out.push(`${type.name}: implements ${i.name}, published not`);
      }
    }
    if (isInputObjectType(type) && isInputObjectType(theirs)) {
      compareInputs(
        type.name,
        Object.values(type.getFields()),
        Object.values(theirs.getFields()),
        out,
      );
    }
    if (isEnumType(type) && isEnumType(theirs)) {
      for (const value of type.getValues()) {
        if (!theirs.getValue(value.name)) {
          out.push(`${type.name}.${value.name}: not in the published schema`);
        }
      }
    }
    if (isUnionType(type) && isUnionType(theirs)) {
      const members = theirs.getTypes().map((t) => t.name);
      for (const member of type.getTypes()) {
        if (!members.includes(member.name)) {
          out.push(`${type.name}: includes ${member.name}, published not`);
        }
      }
    }
  }
  return out;
}
