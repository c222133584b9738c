import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg, requiredText } from '../../src/lib/schemas/common.ts';
import { registerSchema } from '../../src/lib/schemas/auth.ts';
import { schemaResolver, type ZodFormOptions } from '../../src/islands/ui/use-zod-form.ts';

/** The form hook's resolver on its own: what reaches the fields after the schema has spoken. */
function resolve<V extends Record<string, unknown>>(options: ZodFormOptions<V, z.ZodType>, values: V) {
  const translate = (key: string) => `«${key}»`;
  const resolver = schemaResolver({ current: options }, { current: translate });
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('the form hook resolver', () => {
  it('answers the parsed output when the values are valid', async () => {
    const schema = z.object({ name: requiredText(20) });
    const result = await resolve({ schema, defaultValues: { name: '' } }, { name: '  Sari  ' });
    expect(result).toEqual({ values: { name: 'Sari' }, errors: {} });
  });

  it("translates the schema's message keys, one message per field", async () => {
    const result = await resolve({ schema: registerSchema, defaultValues: {} }, { name: '', username: 'x!', email: 'nope', password: '' });
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe(`«${msg.required}»`);
    expect(result.errors.email?.message).toBe(`«${msg.email}»`);
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'password', 'username']);
  });

  it('builds the input with toInput and shows API field names under form fields (fieldOf)', async () => {
    const schema = z.object({ city_id: z.int({ error: 'places:trip.origin_required' }) });
    const options = {
      schema,
      defaultValues: { city: null as { id: number } | null },
      toInput: ({ city }: { city: { id: number } | null }) => ({ city_id: city?.id }),
      fieldOf: { city_id: 'city' },
    };
    expect((await resolve(options, { city: null })).errors).toEqual({ city: { type: 'schema', message: '«places:trip.origin_required»' } });
    expect(await resolve(options, { city: { id: 7 } })).toEqual({ values: { city_id: 7 }, errors: {} });
  });

  it('puts a nested issue (an array item) under its top-level field', async () => {
    const schema = z.object({ images: z.array(z.uuid({ error: msg.invalid })) });
    const result = await resolve({ schema, defaultValues: { images: [] as string[] } }, { images: ['not-a-uuid'] });
    expect(result.errors.images?.message).toBe(`«${msg.invalid}»`);
  });

  it("adds the browser-only checks after the schema's, without hiding a schema message", async () => {
    const schema = z.object({ password: requiredText(100) });
    const check = ({ password, repeat }: { password: string; repeat: string }) => ({
      repeat: password === repeat ? undefined : 'errors:field.password_confirm',
      password: 'never shown: the schema has a message for it already',
    });
    const failing = await resolve({ schema, defaultValues: { password: '', repeat: '' }, check }, { password: '', repeat: 'x' });
    expect(failing.errors).toEqual({
      password: { type: 'schema', message: `«${msg.required}»` },
      repeat: { type: 'check', message: '«errors:field.password_confirm»' },
    });
    const passing = await resolve({ schema, defaultValues: { password: '', repeat: '' }, check: ({ password, repeat }) => ({ repeat: password === repeat ? undefined : 'x' }) }, { password: 'a', repeat: 'a' });
    expect(passing).toEqual({ values: { password: 'a' }, errors: {} });
  });
});
