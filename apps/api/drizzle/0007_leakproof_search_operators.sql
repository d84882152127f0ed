-- Under row-level security PostgreSQL only lets an index serve a condition whose function is
-- LEAKPROOF; otherwise the condition runs after the policy, row by row, and a search over a large
-- firm reads every one of its rows. The trigram operators and ILIKE reveal nothing about rows they
-- are not given (their only errors concern the search pattern itself), so they are marked
-- leakproof. Only a superuser may do this: elsewhere (a managed PostgreSQL without superuser) the
-- migration goes on and search stays correct, only slower on very large firms (docs/decisions/0007).
DO $$
BEGIN
  ALTER FUNCTION texticlike(text, text) LEAKPROOF;
  ALTER FUNCTION textlike(text, text) LEAKPROOF;
  ALTER FUNCTION similarity_op(text, text) LEAKPROOF;
  ALTER FUNCTION word_similarity_op(text, text) LEAKPROOF;
  ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;
  ALTER FUNCTION strict_word_similarity_op(text, text) LEAKPROOF;
  ALTER FUNCTION strict_word_similarity_commutator_op(text, text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'Not a superuser: trigram search under row-level security will not use its indexes';
END $$;
