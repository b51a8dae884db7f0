"""Values the examples of several groups share, where the cloud checks that the object exists."""

# An Amazon Linux 2 image of us-east-1 (amzn2-ami-hvm-2.0.20180810-x86_64-gp2, owner 137112412989,
# root device /dev/xvda): the provider reads an instance's or launch configuration's image before it
# creates one, so a made-up ID fails there. moto serves this image among its defaults.
AMI = "ami-04681a1dbd79675a5"
