/**
 * Share links made by earlier link versions, frozen as text: each must keep opening in every later version (decoded
 * in link.test.ts, opened through the store in test/unit/ui/open-share-link.test.ts). Never regenerate them; add a
 * new one when the format changes.
 */

/** Version 1, logs: one source with an event selection, a text filter, a collapsed lane and a note with markup. */
export const V1_LOGS = 'http://127.0.0.1:5173/#v=1&p=pVJBbtswEPwKO2fGJiUniIg4p-pQwMgl7ckSClpaq4QZUiBpu4ahvxeMXTdFj90LCexwZ3aGZ-yM66Fg_RDBEf0-dBSh1mc4_UZQ2O03ZCnNrB_AcSIdoApRlBzWuAy95wh7d3mjE5TkSPQzQeGLqGTFpFRSqkLMyqJ4EJIxWYmyFOz34MGrQpaiZQ1eT65beT-yz_Wq_lo3YBdBywZ6NA3Y6Pu4XPe01Xub5kfa3IkWE78QL27E9UdiORO5_hCPvv9-9GFHIWZyWVSLTF6H4AOLJ9cZN2QQZ3FnxtG4oQGjEJYNwtjlmw8XLcsGf2lpgKmdWo6DoSPUGTHpkL5FKPlQ3ctCPj6KS3GQ6z82qlvDBzMYl3t40S85FLLUJerzwGtcdCCXwK9nJnr36Z-4ckRQi2ni2BqbKMQMvrp0pA043ox7pQMFk05QcuLovLV6jNSv9Hu-azgxz7bcWe9HtBOH8-n6SUxWo3FzfmesZVttbGQ_KBB72jx_eppvnjNCh4HS_ywxtdMv';

/**
 * Version 1, simulation, written by hand: its fault kind ("runtime-hang") and choice are not ones the simulator
 * offers, so it opens with the fault left out and a notice saying so.
 */
export const V1_SIMULATION = 'https://syncloop.example/app/#v=1&p=TY_RasMwDEX_5T7ba9IOBv6V0QfVVl3RRg6yvTJC_n0kZdBHXTiHowV30YSAKlN_UJOicO9HWFAjK5kUBBhTEuVavag0bxQZDj9kQtoQcOk5_24LW91pjB_jcTMyJ4Qvh3grErkifC-ojWeE8eiQi5XeRBkBc0n-WezOdnjyxQ9Yzw5X6o_2Tp3cf7l1bTKxv5FmODSyzFvLDh9onuEwk9FU92c4Fk0V4TSsm_hl-xxWBy1tDzuvfw';

/**
 * Version 1, simulation, made by the app (readiness-init-race, seed 3): at the race (step 32) the pod worker was
 * chosen to run first, a slow-runtime fault was injected at step 40, the cursor is at step 45; the view selects the
 * pod's readiness lane, which carries a note.
 */
export const V1_SIMULATION_APP = 'http://127.0.0.1:5173/#v=1&p=rVHLjsIwDPwV5HOzNDxL_mAv3Pa04pAmpliUpHJcWIT676uUh9j75hI5E49nxjc4UvBgINGpb61QDFC8F-YGyWGwTBEMMFpPAVNSFEgUW4dQwNky2SBgoO6b5ppfkNPYDfpDzzIjogczH5E6JpLrWLlDJIcJzPcNkmAHZj4roIkce6GAYKCLXl0iH5EnHve2b2Vqe4kq8Vm5y0GkU2mv5mW91qqEYVfA-OmdclEWL5dtvCjug9ApC-8s21PKHn3Po9-vBGZW3k-mchIZjC6HzPygWw4FnAkvYzZiWXKTXlaLstysF6tnMwb_B1g_gcjU0DgJtnY7htOikxzQ7Sm0tSELzNenv8dg6r3HRa2XytWbSmmNlbJzV6mV28zqfbWs0dvpa0MwDAWEKI90KbOwhgIEf-SxyqsR7nEiB0qTRyRiuUH5byW74Rc';
