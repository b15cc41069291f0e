-- Custom SQL (drizzle-kit cannot express functions): the visit log's address as inet, for the
-- IP / CIDR filter's expression index. A text that is not an address gives NULL instead of
-- failing the whole batch of visits it arrived in.
CREATE OR REPLACE FUNCTION visit_inet(address text) RETURNS inet
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN address::inet;
EXCEPTION WHEN others THEN
  RETURN NULL;
END;
$$;
