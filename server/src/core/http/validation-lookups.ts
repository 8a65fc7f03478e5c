import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Rules = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const REMEMBERING = Symbol('rememberValidationLookups');

/**
 * class-validator looks up a DTO's rules on every validation: it filters the class's own rules and
 * walks every class that has rules, asking whether it is a parent (an `instanceof` per DTO class of
 * the API), then groups the result by property. On the day view that was more of the request's CPU
 * than its answer's mapping. The rules are decorators, fixed once the classes are loaded: each
 * lookup (without validation groups, which the API does not use) and its grouping are remembered,
 * and all are forgotten whenever a rule is registered later. The remembered lists are frozen: a
 * caller that tried to change one would throw rather than change the next request's rules.
 */
export function rememberValidationLookups(storage: MetadataStorage = getMetadataStorage()): void {
  const patched = storage as MetadataStorage & { [REMEMBERING]?: true };
  if (patched[REMEMBERING]) return;
  patched[REMEMBERING] = true;

  let lookups = new Map<unknown, Map<string, Rules>>();
  let groupings = new WeakMap<Rules, Grouped>();

  const addValidationMetadata = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    lookups = new Map();
    groupings = new WeakMap();
    addValidationMetadata(metadata);
  };

  const getTargetValidationMetadatas = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    if (groups && groups.length > 0) {
      return getTargetValidationMetadatas(targetConstructor, targetSchema, always, strictGroups, groups);
    }
    let byOptions = lookups.get(targetConstructor);
    if (!byOptions) lookups.set(targetConstructor, (byOptions = new Map()));
    const key = `${String(targetSchema)}|${String(always)}|${String(strictGroups)}`;
    let rules = byOptions.get(key);
    if (!rules) {
      rules = Object.freeze(
        getTargetValidationMetadatas(targetConstructor, targetSchema, always, strictGroups, groups),
      ) as Rules;
      byOptions.set(key, rules);
    }
    return rules;
  };

  const groupByPropertyName = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    // Only a remembered (frozen) list is the same list again on the next request.
    if (!Object.isFrozen(metadata)) return groupByPropertyName(metadata);
    let grouped = groupings.get(metadata);
    if (!grouped) {
      grouped = groupByPropertyName(metadata);
      for (const rules of Object.values(grouped)) Object.freeze(rules);
      groupings.set(metadata, Object.freeze(grouped));
    }
    return grouped;
  };
}
