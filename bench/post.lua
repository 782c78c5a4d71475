-- wrk script: POST the body in the environment variable BODY as JSON.
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
