-- The server side as scorekeeper at d539bfb installed versions 1 (make-fixtures.sh).
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: scorekeeper; Type: SCHEMA; Schema: -; Owner: :"owner"
--

CREATE SCHEMA scorekeeper;


ALTER SCHEMA scorekeeper OWNER TO :"owner";

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: migrations; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.migrations (
    version integer NOT NULL,
    identifier text NOT NULL,
    appliedat timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE scorekeeper.migrations OWNER TO :"owner";

--
-- Name: server; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.server (
    onlyrow boolean DEFAULT true NOT NULL,
    identity text NOT NULL,
    CONSTRAINT server_onlyrow_check CHECK (onlyrow)
);


ALTER TABLE scorekeeper.server OWNER TO :"owner";

--
-- Name: migrations migrations_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.migrations
    ADD CONSTRAINT migrations_pkey PRIMARY KEY (version);


--
-- Name: server server_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.server
    ADD CONSTRAINT server_pkey PRIMARY KEY (onlyrow);


--
-- Name: SCHEMA scorekeeper; Type: ACL; Schema: -; Owner: :"owner"
--

GRANT USAGE ON SCHEMA scorekeeper TO :"users";


--
-- Name: TABLE server; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.server TO :"users";


--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: -; Owner: :"owner"
--

ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" REVOKE ALL ON FUNCTIONS  FROM PUBLIC;


--
-- PostgreSQL database dump complete
--


--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Data for Name: migrations; Type: TABLE DATA; Schema: scorekeeper; Owner: :"owner"
--

INSERT INTO scorekeeper.migrations VALUES (1, 'roles', '2026-11-24 00:00:00+00');


--
-- Data for Name: server; Type: TABLE DATA; Schema: scorekeeper; Owner: :"owner"
--

INSERT INTO scorekeeper.server VALUES (true, 'fixture');


--
-- PostgreSQL database dump complete
--


