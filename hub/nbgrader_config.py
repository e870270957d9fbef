# nbgrader's exchange for every student's and the instructor's server on the course's hub (hub/Dockerfile puts this
# file in /etc/jupyter): the folder is a volume shared by all servers (hub/config.yaml mounts it).
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "linear-classifiers"
c.Exchange.root = "/srv/nbgrader/exchange"
