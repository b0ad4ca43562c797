import { prettyJson } from './format';

interface Property {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  items?: Property;
  anyOf?: Property[];
}

/** A property's type in a few characters: `string`, `number[]`, `"a" | "b"`. */
function typeOf(property: Property): string {
  if (property.enum) return property.enum.map(value => JSON.stringify(value)).join(' | ');
  if (property.anyOf) return property.anyOf.map(typeOf).join(' | ');
  if (property.type === 'array') {
    const items = property.items ? typeOf(property.items) : 'any';
    return items.includes('|') ? `(${items})[]` : `${items}[]`;
  }
  if (Array.isArray(property.type)) return property.type.join(' | ');
  return property.type ?? 'any';
}

/**
 * The tool's input schema as a person reads it: each argument with its type, whether it is required and what it is
 * for; the whole JSON Schema one click away.
 */
export function SchemaSummary({ schema }: { schema?: Record<string, unknown> }) {
  if (!schema) return <aside className="schema-summary muted">This tool did not publish an input schema.</aside>;
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Property>);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return (
    <aside className="schema-summary" aria-label="Input schema" data-testid="schema-summary">
      <h3>Input schema</h3>
      {properties.length ? (
        <dl>
          {properties.map(([name, property]) => (
            <div key={name} className="schema-property">
              <dt>
                <code>{name}</code>
                <span className="schema-type">{typeOf(property)}</span>
                {required.has(name) ? <span className="schema-required">required</span> : null}
              </dt>
              {property.description ? <dd>{property.description}</dd> : null}
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">No arguments.</p>
      )}
      {schema.additionalProperties === false ? (
        <p className="muted schema-note">No other arguments are accepted.</p>
      ) : null}
      <details>
        <summary>JSON Schema</summary>
        <pre>{prettyJson(schema)}</pre>
      </details>
    </aside>
  );
}
